import { createRequire } from 'node:module';

type Done = (error?: Error | null) => void;
type Transform = (this: ParserState, buffer: Buffer, encoding: BufferEncoding, done: Done) => unknown;
type ParserState = { explain(): string };
type FormidableModule = {
  MultipartParser: { prototype: { _transform: Transform & { settles?: true } } };
  errors: { FormidableError: new (message: string, code: number, httpCode: number) => Error; malformedMultipart: number };
};

/** formidable as strapi::body loads it: @strapi/core's koa-body's own resolution. */
export const strapisFormidable = (): FormidableModule => {
  const fromCore = createRequire(require.resolve('@strapi/core'));
  return createRequire(fromCore.resolve('koa-body'))('formidable') as FormidableModule;
};

/**
 * formidable 2's multipart parser (under koa-body 6, strapi::body) is a Transform stream whose
 * _transform, on a byte it cannot take (a digit in a part header's name, `X-0: y`; an empty header
 * name; a boundary line without CRLF), returns without calling its callback. The stream then waits
 * for that callback for ever: it emits no error, reads no more, never ends, and the request gets no
 * answer, on every path, whatever its size (docs/decisions/009, 032). formidable 3 calls the
 * callback with an error there. Here a _transform that returns without having called its callback
 * calls it with formidable's own "malformed multipart" error (httpCode 400), which the
 * request-limits middleware answers.
 */
export function settleMultipartParserErrors(formidable: FormidableModule = strapisFormidable()) {
  const proto = formidable.MultipartParser.prototype;
  const original = proto._transform;
  if (original.settles) return;
  const { FormidableError, malformedMultipart } = formidable.errors;
  const settling: Transform & { settles?: true } = function (this: ParserState, buffer, encoding, done) {
    let settled = false;
    const settle: Done = (error) => {
      settled = true;
      done(error);
    };
    const at = original.call(this, buffer, encoding, settle);
    if (!settled) {
      settle(new FormidableError(`malformed multipart body at byte ${String(at)} of a chunk (${this.explain()})`, malformedMultipart, 400));
    }
    return at;
  };
  settling.settles = true;
  proto._transform = settling;
}
