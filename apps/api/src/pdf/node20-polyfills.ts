// Node 20 (what CI runs) lacks two things pdf.js 6 uses to draw pages; Node 22 has both.
// Imported before pdf.js is, by the one module that loads it (pdf/pdfjs.ts).

type PromiseWithResolversConstructor = PromiseConstructor & { withResolvers?: unknown };
const promiseConstructor = Promise as PromiseWithResolversConstructor;
if (typeof promiseConstructor.withResolvers !== "function") {
  promiseConstructor.withResolvers = function withResolvers<T>() {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const promise = new Promise<T>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    return { promise, resolve, reject };
  };
}

type ArrayBufferWithTransfer = ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
const arrayBufferPrototype = ArrayBuffer.prototype as ArrayBufferWithTransfer;
if (typeof arrayBufferPrototype.transferToFixedLength !== "function") {
  // A copy instead of a move: the same bytes for pdf.js, the old buffer simply stays readable.
  arrayBufferPrototype.transferToFixedLength = function transferToFixedLength(this: ArrayBuffer, length = this.byteLength) {
    const copy = new ArrayBuffer(length);
    new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
    return copy;
  };
}
