/** Deeper than any request of the site or the panel (the panel's rich text is about ten levels). */
export const MAX_NESTING = 64;
/**
 * More values (objects, arrays, strings, numbers…) than any request of the site or the panel
 * sends: the widest is the panel's role editor, about 2,000 for every permission of every type.
 * A 180 kB body of 12,000 keys cost the content manager's createDocument (cloned and walked
 * several times) over 200 ms of one event-loop turn under the survival fuzz.
 */
export const MAX_VALUES = 5_000;

export type TextProblem = 'ill-formed' | 'nul' | 'too deep' | 'too many values';

/**
 * What is wrong with a parsed request part (query, JSON or form body, file names), or null.
 * - 'ill-formed': a string or key that is not well-formed UTF-16. A lone surrogate can only
 *   come from a JSON escape such as "\udfff" (raw bytes are decoded with replacement
 *   characters), yet it reaches code that assumes whole characters: bcryptjs 2's UTF-8 encoder
 *   never ended on one.
 * - 'nul': a string or key holding U+0000. No text column of PostgreSQL (nor jsonb) can hold
 *   it, so the first statement to store or compare it failed with a 500; no one types it.
 *   `allowNul` lets it through where something else checks it (the query, each route) or the
 *   text is never stored as sent (uploaded file names).
 * - 'too deep': nested deeper than MAX_NESTING. JSON.parse reads any depth, but the code
 *   behind it recurses: Strapi's validation put a 100,000-level body into its error's details,
 *   and Koa's JSON.stringify of that answer overflowed the stack past every error handler.
 * - 'too many values': more than MAX_VALUES values in all.
 * Walked with a stack rather than recursion, so the check itself cannot overflow.
 */
export function findTextProblem(value: unknown, { allowNul = false } = {}): TextProblem | null {
  const textProblem = (text: string): TextProblem | null => {
    if (!text.isWellFormed()) return 'ill-formed';
    return !allowNul && text.includes('\u0000') ? 'nul' : null;
  };
  const pending: [unknown, number][] = [[value, 0]];
  for (let values = 0; pending.length > 0; values++) {
    if (values > MAX_VALUES) return 'too many values';
    const [next, depth] = pending.pop() as [unknown, number];
    if (typeof next === 'string') {
      const problem = textProblem(next);
      if (problem) return problem;
    } else if (typeof next === 'object' && next !== null) {
      if (depth >= MAX_NESTING) return 'too deep';
      for (const [key, inner] of Object.entries(next)) {
        const problem = textProblem(key);
        if (problem) return problem;
        pending.push([inner, depth + 1]);
      }
    }
  }
  return null;
}
