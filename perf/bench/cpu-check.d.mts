/** Milliseconds for 200,000 SHA-256 digests of short strings, the best of three tries. */
export function cpuCheckMs(): number;
