/**
 * Files in a view: the sandbox a host runs a view in has no network and blocks downloads, so an image
 * comes from the answer itself (its image block, or the SVG markup) and every download is handed to the
 * host (`ui/download-file`): text made in the view as an embedded resource, a hosted file as a link the
 * host fetches.
 */
import type { App } from '@modelcontextprotocol/ext-apps';
import { downloads, h } from '../dom.js';
import { isRecord } from '../schema.js';

type ToolResult = Parameters<NonNullable<App['ontoolresult']>>[0];
type DownloadContents = Parameters<App['downloadFile']>[0]['contents'];

/** Links made by the shared renderer (`download()` in ../dom.ts) download through the host. */
export function routeDownloads(app: App): void {
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[download]');
      const file = link ? downloads.get(link) : undefined;
      if (!file) return;
      event.preventDefault();
      save(app, [
        { type: 'resource', resource: { uri: `file:///${encodeURIComponent(file.name)}`, mimeType: file.type, text: file.content } },
      ]);
    },
    true,
  );
}

/** Hand files to the host; one it declines (the person cancelled) needs nothing more. */
function save(app: App, contents: DownloadContents): void {
  void app.downloadFile({ contents }).catch(() => undefined);
}

const button = (label: string, onclick: () => void) => h('button', { type: 'button', class: 'secondary', onclick }, label);

/** The answer's image and files, shown and offered for download in the primary view. */
export function contentPreview(box: HTMLElement, result: ToolResult, app: App): void {
  const primary = box.querySelector('#primary') ?? box;
  const actions = primary.querySelector('.actions') ?? primary;
  const data = result.structuredContent;
  const blocks = result.content ?? [];
  for (const block of blocks) {
    if (block.type === 'image') {
      const name = `image.${block.mimeType.split('/')[1]?.replace(/\+.*/, '') ?? 'bin'}`;
      primary.prepend(h('img', { class: 'result', src: `data:${block.mimeType};base64,${block.data}`, alt: 'The result image' }));
      actions.prepend(
        button('Download image', () =>
          save(app, [{ type: 'resource', resource: { uri: `file:///${name}`, mimeType: block.mimeType, blob: block.data } }]),
        ),
      );
    } else if (block.type === 'resource_link') actions.prepend(button(`Download ${block.name}`, () => save(app, [block])));
  }
  if (!isRecord(data)) return;
  const hasImage = blocks.some((b) => b.type === 'image');
  if (!hasImage && typeof data.svg === 'string')
    primary.prepend(
      h('img', { class: 'result', src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.svg)}`, alt: 'The result image' }),
    );
  const linked = blocks.some((b) => b.type === 'resource_link');
  if (!hasImage && !linked && typeof data.url === 'string' && /^https?:\/\//.test(data.url) && typeof data.contentType === 'string') {
    const link = { type: 'resource_link' as const, uri: data.url, name: 'file', mimeType: data.contentType };
    actions.prepend(button('Download', () => save(app, [link])));
  }
}
