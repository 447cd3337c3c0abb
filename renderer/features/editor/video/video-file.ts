/** The file's name, from a path of any OS (the project may have been made on another). */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/u).pop() ?? path;
}
