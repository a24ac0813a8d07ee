/**
 * The browser code of the web pages, served as /web/app.js.
 *
 * It is one self-contained function (no imports, nothing from outside its
 * body): the server serves `(${webClient})()`, so it needs no bundler and is
 * type-checked with the rest of the code. Keep it that way: a reference to a
 * module-level name would be undefined in the browser.
 *
 * What it does, by `<body data-page>`: the catalogue's instant search and
 * toolset filter; the tool page's form generated from the input schema,
 * example fills, Run, result views chosen by the output's shape, field errors,
 * and the curl/MCP snippets; the account page. The API key lives in
 * localStorage (the admin token in sessionStorage) and is only ever sent in
 * a header.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
export function webClient(): void {
  const KEY = 'werkbank.key';
  const ADMIN = 'werkbank.admin';
  const THEME = 'werkbank.theme';
  const body = document.body;
  const dev = body.dataset.dev === '1';
  const csrf = (document.querySelector('meta[name="csrf-token"]') as HTMLMetaElement | null)?.content ?? '';
  // Signed in with a passkey: requests without a key go with the session cookie and its CSRF token.
  const sessionCsrf = (document.querySelector('meta[name="session-csrf"]') as HTMLMetaElement | null)?.content ?? '';

  const $ = <T extends HTMLElement = HTMLElement>(sel: string, root: ParentNode = document) => root.querySelector(sel) as T | null;
  const h = (tag: string, attrs: Record<string, any> = {}, ...children: (Node | string | null | undefined | false)[]): HTMLElement => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'text') el.textContent = String(v);
      else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
      else if (k in el && typeof v !== 'string') (el as any)[k] = v;
      else el.setAttribute(k, v === true ? '' : String(v));
    }
    for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
    return el;
  };
  const storage = {
    key: () => localStorage.getItem(KEY) || '',
    setKey: (k: string) => (k ? localStorage.setItem(KEY, k) : localStorage.removeItem(KEY)),
    admin: () => sessionStorage.getItem(ADMIN) || '',
    setAdmin: (t: string) => (t ? sessionStorage.setItem(ADMIN, t) : sessionStorage.removeItem(ADMIN)),
  };
  const fmtDate = (iso: string | number | null | undefined) => {
    if (iso === null || iso === undefined || iso === '') return '—';
    const d = typeof iso === 'number' ? new Date(iso * 1000) : new Date(iso);
    return isNaN(d.getTime()) ? String(iso) : d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  };
  const copy = async (text: string, button: HTMLElement) => {
    const was = button.textContent;
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Copy failed: select the text';
    }
    setTimeout(() => (button.textContent = was), 1500);
  };

  // ---- theme ------------------------------------------------------------
  const applyTheme = (t: string | null) => (t ? document.documentElement.setAttribute('data-theme', t) : document.documentElement.removeAttribute('data-theme'));
  applyTheme(localStorage.getItem(THEME));
  $('#theme')?.addEventListener('click', () => {
    const dark = document.documentElement.getAttribute('data-theme')
      ? document.documentElement.getAttribute('data-theme') === 'dark'
      : matchMedia('(prefers-color-scheme: dark)').matches;
    const next = dark ? 'light' : 'dark';
    localStorage.setItem(THEME, next);
    applyTheme(next);
  });

  // ---- API and the credit balance (X-RateLimit-*) ---------------------------
  const showBalance = (res: Response) => {
    const remaining = res.headers.get('X-RateLimit-Remaining');
    const limit = res.headers.get('X-RateLimit-Limit');
    const reset = res.headers.get('X-RateLimit-Reset');
    const el = $('#balance');
    if (el && remaining !== null) el.textContent = `Credits: ${remaining} left (monthly ${limit}) · resets ${fmtDate(Number(reset)).slice(0, 10)}`;
  };
  interface ApiResult {
    status: number;
    ok: boolean;
    json: any;
    res: Response;
  }
  const api = async (path: string, init: { method?: string; body?: unknown; key?: string; admin?: string } = {}): Promise<ApiResult> => {
    const headers: Record<string, string> = {};
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (init.admin) headers.Authorization = `Bearer ${init.admin}`;
    else if (init.key) headers['X-API-Key'] = init.key;
    else if (sessionCsrf) headers['X-CSRF-Token'] = sessionCsrf;
    const res = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: !init.key && !init.admin && sessionCsrf ? 'same-origin' : 'omit',
      cache: 'no-store',
    });
    showBalance(res);
    let json: any;
    try {
      json = await res.clone().json();
    } catch {
      json = undefined;
    }
    return { status: res.status, ok: res.ok, json, res };
  };
  const devKey = async (): Promise<string> => {
    const r = await fetch('/web/dev-key', { method: 'POST', headers: { 'X-CSRF-Token': csrf }, credentials: 'omit' });
    const j = await r.json();
    if (!r.ok) throw new Error(j.error ?? `HTTP ${r.status}`);
    storage.setKey(j.data.key);
    return j.data.key;
  };
  if ((storage.key() || sessionCsrf) && body.dataset.page !== 'account') void api('/api/v1/account', { key: storage.key() }).catch(() => undefined);

  // ---- catalogue -----------------------------------------------------------
  const initCatalogue = () => {
    const q = $<HTMLInputElement>('#q')!;
    const set = $<HTMLSelectElement>('#toolset')!;
    const list = $('#tools')!;
    const items = Array.from(list.children) as HTMLElement[];
    const count = $('#count')!;
    const none = $('#none')!;
    const near = (a: string, b: string) => {
      // One edit apart (typo tolerance for words of 4+ letters).
      if (Math.abs(a.length - b.length) > 1) return false;
      let i = 0;
      let j = 0;
      let edits = 0;
      while (i < a.length && j < b.length) {
        if (a[i] === b[j]) (i++, j++);
        else {
          if (++edits > 1) return false;
          if (a.length > b.length) i++;
          else if (b.length > a.length) j++;
          else (i++, j++);
        }
      }
      return edits + (a.length - i) + (b.length - j) <= 1;
    };
    const subsequence = (needle: string, hay: string) => {
      let i = 0;
      for (const ch of hay) if (ch === needle[i]) i++;
      return i === needle.length;
    };
    const score = (el: HTMLElement, tokens: string[]): number => {
      const text = (el.textContent + ' ' + (el.dataset.search ?? '')).toLowerCase();
      const head = (el.querySelector('a')?.textContent ?? '').toLowerCase() + ' ' + (el.querySelector('a')?.getAttribute('href') ?? '');
      let total = 0;
      for (const t of tokens) {
        if (head.includes(t)) total += 5;
        else if (text.includes(t)) total += 2;
        else if (t.length >= 3 && subsequence(t, head.replace(/[^a-z0-9]/g, ''))) total += 1;
        else if (t.length >= 4 && text.split(/[^a-z0-9]+/).some((w) => near(t, w))) total += 1;
        else return 0;
      }
      return total;
    };
    const apply = () => {
      const tokens = q.value.toLowerCase().split(/\s+/).filter(Boolean);
      const ts = set.value;
      const ranked = items
        .map((el, i) => ({ el, i, s: (ts && el.dataset.toolset !== ts) ? 0 : tokens.length ? score(el, tokens) : 1 }))
        .sort((a, b) => (tokens.length ? b.s - a.s : 0) || a.i - b.i);
      let shown = 0;
      for (const r of ranked) {
        r.el.hidden = r.s === 0;
        if (r.s) shown++;
        list.append(r.el);
      }
      count.textContent = `${shown} tool${shown === 1 ? '' : 's'}`;
      none.hidden = shown > 0;
    };
    q.addEventListener('input', apply);
    set.addEventListener('change', apply);
    q.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      const first = items.find((el) => !el.hidden && el === list.querySelector('li:not([hidden])'));
      const a = first?.querySelector('a');
      if (a) location.href = a.getAttribute('href')!;
    });
    const params = new URLSearchParams(location.search);
    if (params.get('q')) q.value = params.get('q')!;
    if (params.get('toolset')) set.value = params.get('toolset')!;
    apply();
  };

  // ---- tool page: the form from the JSON Schema ----------------------------
  interface Field {
    path: string[];
    get(): unknown;
    set(v: unknown): void;
    clear(): void;
    focusEl: HTMLElement;
    errEl: HTMLElement;
  }
  type FieldError = Error & { field: Field };
  const fieldError = (field: Field, message: string): FieldError => Object.assign(new Error(message), { field });
  const isFieldError = (e: unknown): e is FieldError => e instanceof Error && 'field' in e;

  const initTool = () => {
    const data = JSON.parse($('#tool-data')!.textContent!);
    const fields: Field[] = [];
    const root = $('#fields')!;
    root.textContent = '';
    const idOf = (path: string[]) => 'f-' + (path.join('.') || 'body').replace(/[^A-Za-z0-9_.-]/g, '_');
    const resolveSchema = (s: any): any => {
      if (!s || typeof s !== 'object') return {};
      for (const k of ['anyOf', 'oneOf']) {
        if (Array.isArray(s[k])) {
          const options = s[k].filter((o: any) => o && o.type !== 'null');
          if (options.length === 1) return { ...s, ...options[0], [k]: undefined, description: s.description ?? options[0].description };
        }
      }
      return s;
    };
    const typeOf = (s: any): string => (Array.isArray(s.type) ? s.type.filter((t: string) => t !== 'null')[0] : s.type) ?? '';
    const isPrimitive = (s: any) => ['string', 'number', 'integer', 'boolean'].includes(typeOf(resolveSchema(s))) || Array.isArray(resolveSchema(s).enum);
    const LONG = /^(text|html|markdown|csv|json|xml|yaml|sql|original|modified|input|content|source|body|document|template|data|code|query|lines|subtitles|srt|vtt)$/i;

    const hintOf = (s: any, required: boolean) => {
      const parts: string[] = [];
      if (s.description) parts.push(s.description);
      if (typeof s.minimum === 'number' || typeof s.maximum === 'number')
        parts.push(`${s.minimum ?? '…'} to ${s.maximum ?? '…'}`);
      if (s.default !== undefined && typeof s.default !== 'object') parts.push(`default ${JSON.stringify(s.default)}`);
      if (!required) parts.push('optional');
      return parts.join(' · ');
    };
    const labelled = (id: string, name: string, s: any, required: boolean, control: HTMLElement, err: HTMLElement) => {
      const hid = id + '-hint';
      control.setAttribute('aria-describedby', `${hid} ${err.id}`);
      return h(
        'div',
        { class: 'field' },
        h('label', { for: id }, name, required ? h('span', { class: 'hint', text: 'required' }) : null),
        control,
        h('span', { class: 'hint', id: hid, text: hintOf(s, required) }),
        err,
      );
    };
    const build = (raw: any, path: string[], required: boolean, parent: HTMLElement): Field[] => {
      const s = resolveSchema(raw);
      const name = path[path.length - 1] ?? 'body';
      const id = idOf(path);
      const err = h('div', { class: 'error', id: id + '-err', 'aria-live': 'polite' });
      const t = typeOf(s);
      const mine: Field[] = [];
      const add = (f: Field) => (fields.push(f), mine.push(f), f);

      if (Array.isArray(s.enum)) {
        const sel = h('select', { id }) as HTMLSelectElement;
        if (!required) sel.append(h('option', { value: '', text: s.default !== undefined ? `(default: ${s.default})` : '(not set)' }));
        s.enum.forEach((v: unknown, i: number) => sel.append(h('option', { value: String(i), text: String(v) })));
        if (required && s.default !== undefined) sel.value = String(s.enum.indexOf(s.default));
        parent.append(labelled(id, name, s, required, sel, err));
        const initial = sel.value;
        add({
          path,
          get: () => (sel.value === '' ? undefined : s.enum[Number(sel.value)]),
          set: (v) => {
            const i = s.enum.findIndex((e: unknown) => e === v || String(e).toLowerCase() === String(v).toLowerCase());
            sel.value = v === undefined ? initial : i >= 0 ? String(i) : initial;
          },
          clear: () => (sel.value = initial),
          focusEl: sel,
          errEl: err,
        });
      } else if (t === 'object' && s.properties && Object.keys(s.properties).length) {
        const req = new Set<string>(s.required ?? []);
        const box = path.length === 0 ? parent : required ? h('fieldset', {}, h('legend', { text: name })) : h('details', {}, h('summary', { text: `${name} (optional)` }));
        if (path.length && s.description) box.append(h('p', { class: 'hint', text: s.description }));
        const children: Field[] = [];
        for (const [k, sub] of Object.entries<any>(s.properties)) children.push(...build(sub, [...path, k], req.has(k), box));
        if (box !== parent) parent.append(box);
        if (path.length && box.tagName === 'DETAILS') {
          // Open an optional group when one of its fields is set (e.g. by an example).
          const open = () => ((box as HTMLDetailsElement).open = children.some((c) => c.get() !== undefined));
          box.addEventListener('werkbank:filled', open);
        }
        mine.push(...children);
      } else if (t === 'boolean') {
        const box = h('input', { type: 'checkbox', id }) as HTMLInputElement;
        const initial = s.default === true;
        box.checked = initial;
        let touched = false;
        box.addEventListener('change', () => (touched = true));
        const hid = id + '-hint';
        box.setAttribute('aria-describedby', `${hid} ${err.id}`);
        parent.append(h('div', { class: 'field check' }, box, h('div', {}, h('label', { for: id, text: name }), h('span', { class: 'hint', id: hid, text: hintOf(s, required) }), err)));
        add({
          path,
          get: () => (required || touched || box.checked !== initial ? box.checked : undefined),
          set: (v) => {
            box.checked = v === undefined ? initial : Boolean(v);
            touched = v !== undefined;
          },
          clear: () => ((box.checked = initial), (touched = false)),
          focusEl: box,
          errEl: err,
        });
      } else if (t === 'number' || t === 'integer') {
        const input = h('input', { type: 'number', id, inputmode: t === 'integer' ? 'numeric' : 'decimal', step: t === 'integer' ? '1' : 'any', min: s.minimum, max: s.maximum, placeholder: s.default !== undefined ? String(s.default) : undefined }) as HTMLInputElement;
        parent.append(labelled(id, name, s, required, input, err));
        add({
          path,
          get: () => (input.value === '' ? undefined : Number(input.value)),
          set: (v) => (input.value = v === undefined || v === null ? '' : String(v)),
          clear: () => (input.value = ''),
          focusEl: input,
          errEl: err,
        });
      } else if (t === 'string') {
        const long = (s.maxLength ?? 0) > 300 || LONG.test(name);
        const input = (long ? h('textarea', { id, rows: 6, spellcheck: 'false' }) : h('input', { type: 'text', id, autocomplete: 'off', placeholder: typeof s.default === 'string' ? s.default : undefined })) as HTMLInputElement;
        if (s.maxLength) input.setAttribute('maxlength', String(s.maxLength));
        parent.append(labelled(id, name, s, required, input, err));
        add({
          path,
          get: () => (input.value === '' ? undefined : input.value),
          set: (v) => (input.value = v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v)),
          clear: () => (input.value = ''),
          focusEl: input,
          errEl: err,
        });
      } else if (t === 'array' && s.items && isPrimitive(s.items) && !Array.isArray(resolveSchema(s.items).enum)) {
        const itemType = typeOf(resolveSchema(s.items));
        const input = h('textarea', { id, rows: 4, spellcheck: 'false' }) as HTMLTextAreaElement;
        parent.append(labelled(id, `${name} (one per line)`, s, required, input, err));
        const f: Field = {
          path,
          get: () => {
            const lines = input.value.split('\n').filter((l) => l.trim() !== '');
            if (!lines.length) return undefined;
            return lines.map((l) => (itemType === 'number' || itemType === 'integer' ? (isNaN(Number(l)) ? l : Number(l)) : itemType === 'boolean' ? l.trim() === 'true' : l));
          },
          set: (v) => (input.value = Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('\n') : v === undefined ? '' : String(v)),
          clear: () => (input.value = ''),
          focusEl: input,
          errEl: err,
        };
        add(f);
      } else {
        // Arrays of objects, maps, unions: edited as JSON.
        const input = h('textarea', { id, rows: 5, spellcheck: 'false' }) as HTMLTextAreaElement;
        parent.append(labelled(id, `${name} (JSON)`, s, required, input, err));
        const f: Field = {
          path,
          get: () => {
            if (input.value.trim() === '') return undefined;
            try {
              return JSON.parse(input.value);
            } catch {
              throw fieldError(f, `\`${path.join('.')}\` is not valid JSON`);
            }
          },
          set: (v) => (input.value = v === undefined ? '' : JSON.stringify(v, null, 2)),
          clear: () => (input.value = ''),
          focusEl: input,
          errEl: err,
        };
        add(f);
      }
      return mine;
    };
    build(data.inputSchema, [], true, root);

    const collect = (): Record<string, unknown> => {
      const out: Record<string, unknown> = {};
      for (const f of fields) {
        const v = f.get();
        if (v === undefined) continue;
        let node: any = out;
        f.path.slice(0, -1).forEach((p) => (node = node[p] ??= {}));
        node[f.path[f.path.length - 1]] = v;
      }
      return out;
    };
    const at = (obj: any, path: string[]) => path.reduce((o, p) => (o && typeof o === 'object' ? o[p] : undefined), obj);
    const clearErrors = () => {
      for (const f of fields) {
        f.errEl.textContent = '';
        f.focusEl.removeAttribute('aria-invalid');
      }
      const fe = $('#form-error')!;
      fe.hidden = true;
      fe.textContent = '';
    };

    // Snippets: curl and MCP, kept in step with the form (never with the key).
    const snippets = () => {
      let args: Record<string, unknown>;
      try {
        args = collect();
      } catch {
        return;
      }
      const json = JSON.stringify(args);
      const quoted = `'${json.replace(/'/g, `'\\''`)}'`;
      $('#curl')!.textContent = `curl -s ${location.origin}${data.path} \\\n  -H "X-API-Key: $WERKBANK_API_KEY" \\\n  -H 'Content-Type: application/json' \\\n  -d ${quoted}`;
      $('#mcp-args')!.textContent = JSON.stringify(args, null, 2);
    };
    root.addEventListener('input', snippets);
    root.addEventListener('change', snippets);
    snippets();
    document.querySelectorAll<HTMLElement>('[data-copy]').forEach((b) => b.addEventListener('click', () => copy($('#' + b.dataset.copy)!.textContent ?? '', b)));

    document.querySelectorAll<HTMLElement>('[data-example]').forEach((b) =>
      b.addEventListener('click', () => {
        const ex = data.examples[Number(b.dataset.example)];
        clearErrors();
        for (const f of fields) f.clear();
        for (const f of fields) {
          const v = at(ex.input, f.path);
          if (v !== undefined) f.set(v);
        }
        root.querySelectorAll('details').forEach((d) => d.dispatchEvent(new Event('werkbank:filled')));
        snippets();
        $('#status')!.textContent = `Filled from the example “${ex.name ?? ''}”.`;
      }),
    );

    // The key box: which key Run uses.
    const keybox = $('#keybox')!;
    const drawKeybox = () => {
      keybox.textContent = '';
      keybox.hidden = false;
      const key = storage.key();
      if (!key && sessionCsrf) {
        keybox.append(h('p', { id: 'session-run', text: 'Runs on your own account (signed in with a passkey).' }));
        return;
      }
      if (key) {
        keybox.append(
          h('p', { class: 'row' }, `Runs with the API key ${key.slice(0, 10)}… from this browser.`, h('button', { type: 'button', class: 'secondary', onclick: () => (storage.setKey(''), drawKeybox()) }, 'Forget key')),
        );
        return;
      }
      const input = h('input', { type: 'password', id: 'apikey', autocomplete: 'off' }) as HTMLInputElement;
      keybox.append(
        h('label', { for: 'apikey' }, 'API key', h('span', { class: 'hint', text: data.metering === 'render' ? 'Renders also run without a key (a few per day).' : 'Needed to run the tool; kept in this browser only.' })),
        h('div', { class: 'row' }, input, h('button', { type: 'button', onclick: () => input.value && (storage.setKey(input.value.trim()), drawKeybox()) }, 'Save key'), dev ? h('button', { type: 'button', class: 'secondary', onclick: () => devKey().then(drawKeybox) }, 'Use the dev key') : null),
        h('p', { class: 'hint' }, 'No key yet? ', h('a', { href: '/account' }, 'Manage keys on the account page'), '.'),
      );
    };
    drawKeybox();

    const result = $('#result')!;
    const status = $('#status')!;
    const showError = (message: string, code: number) => {
      const fe = $('#form-error')!;
      let field: Field | undefined;
      const m = /`([^`]+)`/.exec(message);
      if (m && code === 400) {
        let p = m[1].replace(/\[\d+\].*$/, '').replace(/…$/, '');
        while (p && !field) {
          field = fields.find((f) => f.path.join('.') === p);
          p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '';
        }
      }
      if (field) {
        field.errEl.textContent = message;
        field.focusEl.setAttribute('aria-invalid', 'true');
        const details = field.focusEl.closest('details');
        if (details) details.open = true;
        field.focusEl.focus();
      }
      fe.hidden = false;
      fe.textContent = `${code}: ${message}`;
      result.textContent = '';
      result.append(h('p', { class: 'muted', text: 'The call failed; nothing was charged.' }));
    };

    $('#tool-form')!.addEventListener('submit', async (e) => {
      e.preventDefault();
      clearErrors();
      let args: Record<string, unknown>;
      try {
        args = collect();
      } catch (err) {
        if (isFieldError(err)) {
          err.field.errEl.textContent = err.message;
          err.field.focusEl.setAttribute('aria-invalid', 'true');
          err.field.focusEl.focus();
        }
        return;
      }
      const run = $<HTMLButtonElement>('#run')!;
      run.disabled = true;
      status.textContent = 'Running…';
      try {
        let key = storage.key();
        if (!key && dev && !sessionCsrf) key = await devKey().catch(() => '');
        const started = performance.now();
        const r = await api(data.path, { method: 'POST', body: args, key });
        const ms = Math.round(performance.now() - started);
        if (!r.ok) {
          showError(r.json?.error ?? `HTTP ${r.status}`, r.status);
          status.textContent = `Failed with ${r.status}.`;
          if (r.status === 401) drawKeybox();
          return;
        }
        status.textContent = `Done in ${ms} ms.`;
        showResult(r.json.data);
      } catch (err) {
        showError((err as Error).message, 0);
        status.textContent = 'Failed.';
      } finally {
        run.disabled = false;
      }
    });

    const showResult = (value: any) => {
      result.textContent = '';
      const natural = naturalView(value);
      if (natural) result.append(h('div', { class: 'card', id: 'natural' }, natural));
      const text = JSON.stringify(value, null, 2);
      const copyBtn = h('button', { type: 'button', class: 'secondary', onclick: () => copy(text, copyBtn) }, 'Copy JSON');
      result.append(h('div', { class: 'card' }, h('div', { class: 'row' }, h('h3', { text: 'JSON' }), copyBtn), h('pre', { id: 'json', tabindex: '0', 'aria-label': 'Result as JSON', text })));
    };
  };

  // ---- result views, chosen by the output's shape ---------------------------
  const isRecord = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
  const tableOf = (rows: Record<string, unknown>[], caption: string) => {
    const cols = Array.from(new Set(rows.slice(0, 200).flatMap((r) => Object.keys(r))));
    const cell = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
    return h(
      'div',
      { class: 'tablewrap', tabindex: '0', role: 'region', 'aria-label': caption },
      h(
        'table',
        {},
        h('caption', { class: 'visually-hidden', text: caption }),
        h('thead', {}, h('tr', {}, ...cols.map((c) => h('th', { scope: 'col', text: c })))),
        h('tbody', {}, ...rows.slice(0, 500).map((r) => h('tr', {}, ...cols.map((c) => h('td', { text: cell(r[c]) }))))),
      ),
    );
  };
  const parseCsv = (text: string): string[][] | null => {
    const first = text.split('\n', 1)[0];
    const delim = [',', ';', '\t', '|'].sort((a, b) => first.split(b).length - first.split(a).length)[0];
    if (first.split(delim).length < 2) return null;
    const rows: string[][] = [];
    let row: string[] = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (quoted) {
        if (ch === '"' && text[i + 1] === '"') (cur += '"', i++);
        else if (ch === '"') quoted = false;
        else cur += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === delim) (row.push(cur), (cur = ''));
      else if (ch === '\n' || ch === '\r') {
        if (ch === '\r' && text[i + 1] === '\n') i++;
        row.push(cur);
        rows.push(row);
        row = [];
        cur = '';
      } else cur += ch;
    }
    if (cur !== '' || row.length) (row.push(cur), rows.push(row));
    if (rows.length < 2 || rows.some((r) => r.length !== rows[0].length)) return null;
    return rows;
  };
  const download = (name: string, content: string, type: string) => {
    const url = URL.createObjectURL(new Blob([content], { type }));
    return h('a', { href: url, download: name, class: 'button secondary' }, `Download ${name}`);
  };
  const naturalView = (v: any): HTMLElement | null => {
    if (!isRecord(v)) return Array.isArray(v) && v.length && v.every(isRecord) ? tableOf(v as Record<string, unknown>[], 'Result rows') : null;
    // A file: PDF embedded, images shown, anything else a download.
    if (typeof v.url === 'string' && typeof v.contentType === 'string' && /^(\/|https?:)/.test(v.url)) {
      const type = v.contentType;
      const link = h('a', { href: v.url, download: '' }, `Download (${type}, ${v.bytes ?? '?'} bytes)`);
      if (type === 'application/pdf') return h('div', {}, h('iframe', { class: 'pdf', src: v.url, title: 'The rendered PDF' }), h('p', {}, link));
      if (type.startsWith('image/')) return h('div', {}, h('img', { class: 'result', src: v.url, alt: 'The result image' }), h('p', {}, link));
      return h('p', {}, link);
    }
    // A diff: deletions on the left, insertions on the right.
    const changes = v.changes;
    if (Array.isArray(changes) && changes.length && changes.every((c: any) => isRecord(c) && ['equal', 'insert', 'delete'].includes(c.type as string) && typeof c.value === 'string')) {
      const left = h('pre', { 'aria-label': 'Original' });
      const right = h('pre', { 'aria-label': 'Modified' });
      for (const c of changes) {
        if (c.type !== 'insert') left.append(c.type === 'delete' ? h('del', { text: c.value }) : c.value);
        if (c.type !== 'delete') right.append(c.type === 'insert' ? h('ins', { text: c.value }) : c.value);
      }
      return h('div', { class: 'diff', role: 'group', 'aria-label': 'Side-by-side diff' }, left, right);
    }
    // HTML: a preview in a sandboxed frame (no scripts, no same-origin access).
    if (typeof v.html === 'string') return h('iframe', { class: 'preview', sandbox: '', srcdoc: v.html, title: 'HTML preview' });
    // Generated files: downloads.
    for (const value of Object.values(v)) {
      if (Array.isArray(value) && value.length && value.every((f: any) => isRecord(f) && typeof f.name === 'string' && typeof f.content === 'string')) {
        return h('div', { class: 'row' }, ...value.slice(0, 50).map((f: any) => download(f.name, f.content, f.name.endsWith('.xml') ? 'application/xml' : 'text/plain')));
      }
    }
    if (typeof v.filename === 'string' && typeof v.content === 'string') return download(v.filename, v.content, 'text/plain');
    // Tables: an array of objects, or CSV text.
    for (const [k, value] of Object.entries(v)) {
      if (Array.isArray(value) && value.length && value.every(isRecord)) return tableOf(value as Record<string, unknown>[], k);
    }
    for (const [k, value] of Object.entries(v)) {
      if (typeof value === 'string' && value.includes('\n')) {
        const rows = parseCsv(value.replace(/\n$/, ''));
        if (rows) return tableOf(rows.slice(1).map((r) => Object.fromEntries(rows[0].map((c, i) => [c, r[i]]))), k);
      }
    }
    return null;
  };

  // ---- account page --------------------------------------------------------
  const initAccount = () => {
    const signin = $('#signin')!;
    const view = $('#account-view')!;
    const adminBox = $('#admin-accounts')!;
    const who = $('#who')!;
    const err = $('#signin-error')!;
    const useDev = $('#use-dev')!;
    useDev.hidden = !dev;
    useDev.addEventListener('click', async () => {
      try {
        await devKey();
        await start();
      } catch (e) {
        err.textContent = (e as Error).message;
      }
    });

    const section = (title: string, id: string, ...content: (Node | string | null)[]) =>
      h('section', { class: 'card', 'aria-labelledby': id }, h('h2', { id, text: title }), ...content);
    const message = (text: string, kind: 'alert' | 'okmsg' = 'alert') => h('div', { class: kind, role: kind === 'alert' ? 'alert' : 'status', text });

    const COLORS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#b07aa1', '#9c755f', '#76b7b2'];
    const chart = (usage: any) => {
      const days: string[] = [];
      const end = new Date();
      for (let i = usage.days - 1; i >= 0; i--) days.push(new Date(end.getTime() - i * 86400000).toISOString().slice(0, 10));
      // Tools by calls (the server's per-tool totals), the six busiest named, the rest as "other".
      const top: string[] = usage.perTool.map((t: any) => t.tool);
      const named = top.slice(0, 6);
      const series = top.length > 6 ? [...named, 'other'] : named;
      const grid = new Map<string, Map<string, number>>();
      for (const day of usage.perDay) {
        const m = new Map<string, number>();
        for (const [tool, calls] of Object.entries<number>(day.tools)) {
          const t = named.includes(tool) ? tool : 'other';
          m.set(t, (m.get(t) ?? 0) + calls);
        }
        grid.set(day.date, m);
      }
      const totals = days.map((d) => [...(grid.get(d)?.values() ?? [])].reduce((a, b) => a + b, 0));
      const max = Math.max(1, ...totals);
      const W = 640;
      const H = 200;
      const left = 36;
      const bottom = 22;
      const bw = (W - left) / days.length;
      const NS = 'http://www.w3.org/2000/svg';
      const s = (tag: string, attrs: Record<string, string | number>, text?: string) => {
        const el = document.createElementNS(NS, tag);
        for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
        if (text !== undefined) el.textContent = text;
        return el;
      };
      const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': 'chart-title' });
      svg.append(s('title', { id: 'chart-title' }, `Calls per day by tool, last ${usage.days} days: ${usage.totals.calls} calls in all`));
      svg.append(s('text', { x: 0, y: 12 }, String(max)), s('text', { x: 0, y: H - bottom }, '0'));
      svg.append(s('line', { x1: left, x2: W, y1: H - bottom, y2: H - bottom, stroke: 'currentColor', 'stroke-opacity': 0.3 }));
      days.forEach((d, i) => {
        let y = H - bottom;
        const m = grid.get(d);
        series.forEach((t, si) => {
          const n = m?.get(t) ?? 0;
          if (!n) return;
          const hgt = (n / max) * (H - bottom - 16);
          y -= hgt;
          const r = s('rect', { x: left + i * bw + 1, y, width: Math.max(1, bw - 2), height: hgt, fill: COLORS[si % COLORS.length] });
          r.append(s('title', {}, `${d}: ${n} × ${t}`));
          svg.append(r);
        });
        const every = Math.ceil(days.length / 8);
        if (i % every === 0) svg.append(s('text', { x: left + i * bw, y: H - 6 }, d.slice(5)));
      });
      const legend = h('div', { class: 'legend', 'aria-hidden': 'true' });
      series.forEach((t, si) => {
        const item = h('span', { text: t });
        item.style.setProperty('--c', COLORS[si % COLORS.length]);
        legend.append(item);
      });
      const wrap = h('div', { class: 'chart' });
      wrap.append(svg, legend);
      return wrap;
    };

    interface Ops {
      createKey(): Promise<ApiResult>;
      revoke(id: string): Promise<ApiResult>;
      addPack?(pack: number): Promise<ApiResult>;
      reload(): Promise<void>;
      currentKeyPrefix?: string;
    }
    const render = (info: any, renders: any, usage: any, keys: any[], ops: Ops, notice?: HTMLElement) => {
      view.textContent = '';
      if (notice) view.append(notice);
      const dl = h('dl', { class: 'row' });
      const row = (k: string, v: string) => dl.append(h('div', { class: 'card' }, h('dt', { class: 'muted', text: k }), h('dd', { text: v })));
      row('Account', info.name);
      row('Plan', `${info.plan} (${info.monthlyCredits} credits a month)`);
      row('Balance', `${info.remaining} credits`);
      row('Allowance left', `${info.allowanceRemaining} of ${info.monthlyCredits}`);
      row('Pack credits', String(info.packCredits));
      row('Resets', fmtDate(info.resetsAt));
      if (renders) row('Render allowance left', `${renders.remaining} of ${renders.limit} renders`);
      const plan = section('Plan and balance', 'plan-h', dl);
      if (ops.addPack) {
        const sel = h('select', { id: 'pack' }, ...[100, 1000, 5000].map((p) => h('option', { value: String(p), text: `${p} credits` }))) as HTMLSelectElement;
        const out = h('div', { role: 'status' });
        plan.append(
          h('div', { class: 'row' }, h('label', { for: 'pack', text: 'Add a credit pack' }), sel, h('button', {
            type: 'button', id: 'add-pack',
            onclick: async () => {
              const r = await ops.addPack!(Number(sel.value));
              if (!r.ok) out.replaceChildren(message(r.json?.error ?? `HTTP ${r.status}`));
              else await ops.reload();
            },
          }, 'Add pack')),
          out,
        );
      }
      view.append(plan);

      // Usage: chart and tables.
      const perDay = [...usage.perDay].sort((a: any, b: any) => (a.date < b.date ? 1 : -1));
      view.append(
        section(
          `Usage, last ${usage.days} days`,
          'usage-h',
          h('p', { class: 'muted', text: `${usage.totals.calls} calls, ${usage.totals.credits} credits (history kept ${usage.retentionDays} days).` }),
          chart(usage),
          h('h3', { text: 'Per day' }),
          perDay.length ? tableOf(perDay.map((d: any) => ({ date: d.date, calls: d.calls, credits: d.credits })), 'Usage per day') : h('p', { class: 'muted', text: 'No calls yet.' }),
          h('h3', { text: 'Per tool' }),
          usage.perTool.length ? tableOf(usage.perTool.map((t: any) => ({ tool: t.tool, calls: t.calls, credits: t.credits })), 'Usage per tool') : h('p', { class: 'muted', text: 'No calls yet.' }),
        ),
      );

      // Keys.
      const created = h('div', { id: 'new-key' });
      const table = h('table', {}, h('caption', { class: 'visually-hidden', text: 'API keys' }),
        h('thead', {}, h('tr', {}, ...['Prefix', 'Created', 'Last used', 'Status', 'Action'].map((c) => h('th', { scope: 'col', text: c })))));
      const tbody = h('tbody');
      for (const k of keys) {
        const revoke = k.revokedAt
          ? null
          : (h('button', { type: 'button', class: 'danger', 'data-revoke': k.id, 'aria-label': `Revoke key ${k.prefix}` }, 'Revoke') as HTMLButtonElement);
        revoke?.addEventListener('click', async () => {
          // Two steps instead of a dialog: the first click asks, the second revokes.
          if (revoke.dataset.armed !== '1') {
            revoke.dataset.armed = '1';
            revoke.textContent = 'Confirm revoke';
            setTimeout(() => {
              revoke.dataset.armed = '';
              revoke.textContent = 'Revoke';
            }, 6000);
            return;
          }
          const r = await ops.revoke(k.id);
          if (!r.ok) return created.replaceChildren(message(r.json?.error ?? `HTTP ${r.status}`));
          if (ops.currentKeyPrefix && k.prefix === ops.currentKeyPrefix) {
            storage.setKey('');
            return start(message(`Key ${k.prefix}… was revoked: it was the key you signed in with, so you are signed out.`, 'okmsg'));
          }
          await ops.reload();
        });
        tbody.append(
          h('tr', {}, h('td', {}, h('code', { text: `${k.prefix}…` })), h('td', { text: fmtDate(k.createdAt) }), h('td', { text: fmtDate(k.lastUsedAt) }),
            h('td', { text: k.revokedAt ? `revoked ${fmtDate(k.revokedAt)}` : 'active' }), h('td', {}, revoke)),
        );
      }
      table.append(tbody);
      view.append(
        section('API keys', 'keys-h',
          h('div', { class: 'row' }, h('button', {
            type: 'button', id: 'create-key',
            onclick: async () => {
              const r = await ops.createKey();
              if (!r.ok) return created.replaceChildren(message(r.json?.error ?? `HTTP ${r.status}`));
              const secret = h('p', { class: 'secret', id: 'new-key-value', text: r.json.data.key });
              const copyBtn = h('button', { type: 'button', class: 'secondary', onclick: () => copy(r.json.data.key, copyBtn) }, 'Copy key');
              await ops.reload();
              $('#new-key')!.replaceChildren(
                h('div', { class: 'okmsg', role: 'status' }, h('p', { text: `New key ${r.json.data.prefix}… — copy it now: it is shown once and never again.` }), secret,
                  h('div', { class: 'row' }, copyBtn, h('button', { type: 'button', class: 'secondary', onclick: () => $('#new-key')!.replaceChildren() }, 'Done'))),
              );
            },
          }, 'Create key')),
          created,
          h('div', { class: 'tablewrap' }, table),
          h('p', { class: 'hint', text: 'Revoking takes effect at once: the next call with that key gets 401.' }),
        ),
      );
    };

    const fail = (r: ApiResult) => {
      throw new Error(r.json?.error ?? `HTTP ${r.status}`);
    };
    const selfView = async (notice?: HTMLElement) => {
      const key = storage.key();
      const [info, renders, usage, keys] = await Promise.all([
        api('/api/v1/account', { key }),
        api('/api/v1/account/renders', { key }),
        api('/api/v1/usage?days=30&limit=1', { key }),
        api('/api/v1/keys', { key }),
      ]);
      for (const r of [info, usage, keys]) if (!r.ok) fail(r);
      who.textContent = `Signed in with the API key ${key.slice(0, 10)}… (account ${info.json.data.name}).`;
      render(info.json.data, renders.ok ? renders.json.data : null, usage.json.data, keys.json.data, {
        createKey: () => api('/api/v1/keys', { method: 'POST', key }),
        revoke: (id) => api(`/api/v1/keys/${encodeURIComponent(id)}`, { method: 'DELETE', key }),
        reload: () => selfView(),
        currentKeyPrefix: key.slice(0, 10),
      }, notice);
    };
    const adminView = async (selected?: string) => {
      const admin = storage.admin();
      const list = await api('/api/v1/admin/accounts', { admin });
      if (!list.ok) fail(list);
      const accounts: any[] = list.json.data;
      who.textContent = `Signed in with the admin token: ${accounts.length} account${accounts.length === 1 ? '' : 's'}.`;
      adminBox.hidden = false;
      const sel = h('select', { id: 'admin-account' }, ...accounts.map((a) => h('option', { value: a.name, text: `${a.name} (${a.plan}, ${a.remaining} credits)` }))) as HTMLSelectElement;
      if (selected) sel.value = selected;
      sel.addEventListener('change', () => void adminView(sel.value).catch(showFail));
      adminBox.replaceChildren(h('div', { class: 'card' }, h('label', { for: 'admin-account', text: 'Account' }), sel));
      const name = sel.value;
      if (!name) return void view.replaceChildren(h('p', { class: 'muted', text: 'No accounts yet (werkbank accounts create NAME).' }));
      const q = encodeURIComponent(name);
      const [usage, keys] = await Promise.all([api(`/api/v1/admin/usage?account=${q}&days=30`, { admin }), api(`/api/v1/admin/keys?account=${q}`, { admin })]);
      for (const r of [usage, keys]) if (!r.ok) fail(r);
      render(accounts.find((a) => a.name === name), null, usage.json.data, keys.json.data, {
        createKey: () => api('/api/v1/admin/keys', { method: 'POST', body: { account: name }, admin }),
        revoke: (id) => api(`/api/v1/admin/keys/${encodeURIComponent(id)}`, { method: 'DELETE', admin }),
        addPack: (pack) => api('/api/v1/admin/credits', { method: 'POST', body: { account: name, pack }, admin }),
        reload: () => adminView(name),
      });
    };
    const showFail = (e: Error) => {
      storage.setAdmin('');
      signin.hidden = false;
      $('#account')!.hidden = true;
      err.textContent = e.message;
    };
    const start = async (notice?: HTMLElement) => {
      err.textContent = '';
      const signedIn = Boolean(storage.admin() || storage.key());
      signin.hidden = signedIn;
      $('#account')!.hidden = !signedIn;
      if (!signedIn) {
        if (notice) signin.prepend(notice);
        return;
      }
      try {
        if (storage.admin()) await adminView();
        else await selfView(notice);
      } catch (e) {
        if (!storage.admin()) storage.setKey('');
        showFail(e as Error);
      }
    };
    $('#signin-form')!.addEventListener('submit', async (e) => {
      e.preventDefault();
      const secret = $<HTMLInputElement>('#secret')!.value.trim();
      if (!secret) return void (err.textContent = 'Enter a key or the admin token.');
      const kind = ($<HTMLInputElement>('input[name="kind"]:checked')?.value ?? 'key');
      if (kind === 'admin') storage.setAdmin(secret);
      else storage.setKey(secret);
      $<HTMLInputElement>('#secret')!.value = '';
      await start();
    });
    $('#signout')!.addEventListener('click', () => {
      storage.setKey('');
      storage.setAdmin('');
      adminBox.hidden = true;
      view.replaceChildren();
      $('#balance')!.textContent = '';
      void start();
    });
    void start();
  };

  const page = body.dataset.page;
  if (page === 'catalogue') initCatalogue();
  else if (page === 'tool') initTool();
  else if (page === 'account') initAccount();
}
