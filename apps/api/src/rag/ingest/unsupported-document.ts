/** A file that is not read because of what it is (its format, or an archive past its bounds): the message names it, in Italian. */
export class UnsupportedDocumentError extends Error {
  override name = "UnsupportedDocumentError";
}
