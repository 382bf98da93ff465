/**
 * Structured data in the page's markup, so the server's page carries it: a JSON script element
 * (data, not code) with every "<" escaped, so no text can end it early.
 */
export function JsonLdScript({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
