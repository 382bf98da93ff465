export function staticGraph(manifest: Record<string, { imports?: string[] }>, keys: string[], seen?: Set<string>): Set<string>;
