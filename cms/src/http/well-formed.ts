/**
 * Whether every string in a parsed request part (query, JSON or form body, file names) is
 * well-formed UTF-16. A lone surrogate can only come from a JSON escape such as "\udfff" (raw
 * bytes are decoded with replacement characters), yet it reaches code that assumes whole
 * characters: bcryptjs 2's UTF-8 encoder never ended on one. Walked with a stack rather than
 * recursion, so a deeply nested body cannot overflow the call stack.
 */
export function isWellFormedDeep(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!next.isWellFormed()) return false;
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, inner] of Object.entries(next)) {
        if (!key.isWellFormed()) return false;
        pending.push(inner);
      }
    }
  }
  return true;
}
