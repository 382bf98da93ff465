// Which content codings a request accepts (RFC 9110 §12.5.3): `gzip;q=0` refuses gzip, `*`
// stands for every coding the header does not name.

/** The weight of each coding the Accept-Encoding header names, lower-cased. */
function weights(header) {
  const named = new Map();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((each) => each.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    named.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return named;
}

/** Whether the request accepts the coding (gzip, br). */
export function acceptsEncoding(request, coding) {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return false;
  const named = weights(header);
  return (named.get(coding) ?? named.get('*') ?? 0) > 0;
}
