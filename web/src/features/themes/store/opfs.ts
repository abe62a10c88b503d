/**
 * Pack files in the origin-private file system (OPFS), spec 001 section 3 "file store path
 * themes/{id}/{version}.bin"; docs/themes.md "Storage in the browser".
 */

/** True when this browser offers the origin-private file system. */
export function opfsAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.storage?.getDirectory === 'function';
}

async function folderOf(path: string, create: boolean): Promise<{ dir: FileSystemDirectoryHandle; name: string }> {
  const parts = path.split('/').filter(Boolean);
  const name = parts.pop();
  if (!name) throw new Error(`Bad file path: ${path}`);
  let dir = await navigator.storage.getDirectory();
  for (const p of parts) dir = await dir.getDirectoryHandle(p, { create });
  return { dir, name };
}

/** Writes a file, creating its folders; the previous content is replaced. Throws the browser's error (QuotaExceededError...). */
export async function writeOpfsFile(path: string, bytes: Uint8Array): Promise<void> {
  const { dir, name } = await folderOf(path, true);
  const handle = await dir.getFileHandle(name, { create: true });
  const writable = await handle.createWritable();
  try {
    await writable.write(bytes as Uint8Array<ArrayBuffer>);
    await writable.close();
  } catch (err) {
    await writable.abort().catch(() => undefined);
    throw err;
  }
}

/** Reads a file. Throws NotFoundError when it is not there. */
export async function readOpfsFile(path: string): Promise<Uint8Array> {
  const { dir, name } = await folderOf(path, false);
  const file = await (await dir.getFileHandle(name)).getFile();
  return new Uint8Array(await file.arrayBuffer());
}

/** Removes a file or a folder (with its content); false when it was not there. */
export async function removeOpfsEntry(path: string): Promise<boolean> {
  if (!opfsAvailable()) return false;
  try {
    const { dir, name } = await folderOf(path, false);
    await dir.removeEntry(name, { recursive: true });
    return true;
  } catch (err) {
    if (err instanceof DOMException && (err.name === 'NotFoundError' || err.name === 'TypeMismatchError')) return false;
    throw err;
  }
}

/** True when the entry exists. */
export async function opfsEntryExists(path: string): Promise<boolean> {
  if (!opfsAvailable()) return false;
  try {
    const { dir, name } = await folderOf(path, false);
    try {
      await dir.getFileHandle(name);
    } catch {
      await dir.getDirectoryHandle(name);
    }
    return true;
  } catch {
    return false;
  }
}
