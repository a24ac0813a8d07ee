/** The declaration of an MCP resource template (one file per template in `resources/`). */
export interface ResourceTemplateDeclaration {
  /** RFC 6570 URI template, e.g. memory://{namespace}/{key}. */
  uriTemplate: string;
  name: string;
  title: string;
  description: string;
}
