export function nodeBin(root: string, pkg: string, name?: string): [string, string];
