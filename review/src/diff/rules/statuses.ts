/** 2XX, 200..299 and default are what the client returns as data; other statuses surface as errors. */
export function isSuccessStatus(status: string): boolean {
  return status === "default" || /^2(\d\d|XX)$/i.test(status);
}
