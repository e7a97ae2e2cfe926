/** pnpm as the caller runs it (the test command), else the version the repository pins. */
export function pnpm(args: readonly string[], cwd: string): string;
/** The package's tarball, packed once per content and kept in node_modules/.cache/twofold-packs. */
export function packedTarball(packageDir: string): string;
/** The package's tarball copied into `dir` under the name `pnpm pack` gives it; its path. */
export function packedInto(packageDir: string, dir: string): string;
