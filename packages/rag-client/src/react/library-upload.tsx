import { buttonClassName } from "@oystar/ui-kit";
import { useId, useState, type DragEvent, type ReactNode } from "react";
import type { UploadFile } from "../library";
import { libraryMessages } from "../library-messages";

// Issue 48 §2: files into an index — a file input ('Carica documenti', several files), a folder
// input ('Carica cartella', its sub-folders kept as the documents' paths) and drag and drop of
// files and folders onto the list.

/** A chosen file's path in the index: a folder's relative path, or its name. */
const pathOf = (file: File) => (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name;

export const chosenFiles = (files: FileList | null): UploadFile[] => [...(files ?? [])].map((file) => ({ file, path: pathOf(file) }));

/** Every file under a dropped entry, its path from the dropped folder down. */
async function entryFiles(entry: FileSystemEntry): Promise<UploadFile[]> {
  if (entry.isFile) {
    const file = await new Promise<File>((done, failed) => (entry as FileSystemFileEntry).file(done, failed));
    return [{ file, path: entry.fullPath.replace(/^\//, "") || file.name }];
  }
  if (!entry.isDirectory) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  // A folder's entries come a batch at a time, until an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((done, failed) => reader.readEntries(done, failed));
    if (batch.length === 0) break;
    children.push(...batch);
  }
  const files: UploadFile[] = [];
  for (const child of children) if (!child.name.startsWith(".")) files.push(...(await entryFiles(child)));
  return files;
}

/** What was dropped: its folders walked, or its files where the browser gives no entries. */
export async function droppedFiles(transfer: DataTransfer): Promise<UploadFile[]> {
  const entries = [...transfer.items].map((item) => item.webkitGetAsEntry()).filter((entry): entry is FileSystemEntry => entry !== null);
  if (entries.length === 0) return chosenFiles(transfer.files);
  const files: UploadFile[] = [];
  for (const entry of entries) files.push(...(await entryFiles(entry)));
  return files;
}

export type LibraryUploadProps = { onFiles: (files: UploadFile[]) => void; sending: number; children?: ReactNode };

/** The two inputs, and a drop zone around what it holds (the list). */
export function LibraryUpload({ onFiles, sending, children }: LibraryUploadProps) {
  const filesId = useId();
  const folderId = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void droppedFiles(event.dataTransfer).then(onFiles);
  };
  return (
    <div
      className={over ? "rag-library__drop rag-library__drop--over" : "rag-library__drop"}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <div className="rag-library__upload">
        <label className={buttonClassName({ variant: "primary" })} htmlFor={filesId}>
          {libraryMessages.uploadFiles}
        </label>
        <input
          id={filesId}
          className="oy-visually-hidden"
          type="file"
          multiple
          onChange={(event) => {
            onFiles(chosenFiles(event.currentTarget.files));
            event.currentTarget.value = "";
          }}
        />
        <label className={buttonClassName({ variant: "secondary" })} htmlFor={folderId}>
          {libraryMessages.uploadFolder}
        </label>
        <input
          id={folderId}
          className="oy-visually-hidden"
          type="file"
          multiple
          {...{ webkitdirectory: "" }}
          onChange={(event) => {
            onFiles(chosenFiles(event.currentTarget.files));
            event.currentTarget.value = "";
          }}
        />
        <span className="rag-library__hint">{sending > 0 ? libraryMessages.uploading(sending) : libraryMessages.dropHere}</span>
      </div>
      {children}
    </div>
  );
}
