/** Media type names as RFC 6838 and RFC 9110 compare them. */

/** `application/json; charset=utf-8` and `Application/JSON` name the same media type (RFC 9110 §8.3.1). */
export function mediaTypeKey(name: string): string {
  return name.split(";")[0]?.trim().toLowerCase() ?? name;
}

/** Whether `narrow` is a special case of `wide`: `*\/*`, `type/*`, or `type/x+suffix` of `type/suffix` (RFC 6838 §4.2.8). */
export function specialisesMediaType(narrow: string, wide: string): boolean {
  const a = mediaTypeKey(narrow);
  const b = mediaTypeKey(wide);
  if (a === b) return false;
  if (b === "*/*") return true;
  const [narrowType, narrowSubtype = ""] = a.split("/");
  const [wideType, wideSubtype = ""] = b.split("/");
  if (narrowType !== wideType) return false;
  return wideSubtype === "*" || narrowSubtype.endsWith(`+${wideSubtype}`);
}
