/**
 * The token endpoints over HTTP: a `Request` in, a `Response` out. POST only (405 otherwise, like every resource),
 * at most 16 KiB of form (a larger body is answered as a bad form, `invalid_request`, which the token endpoints'
 * 400 declares), and the client certificate the connection presented (mTLS) passed on to `handleTokenRequest`.
 */
import type { PresentedCertificate } from "../../foundation/http/connection.js";
import { discardBody, readBody, type BodyLimits } from "../../foundation/http/body-reader.js";
import { mediaTypeOf, utf8 } from "../../foundation/http/body.js";
import { methodNotAllowed } from "../../foundation/http/not-routed.js";
import { errorResponse, jsonResponse } from "../../foundation/http/responses.js";
import { handleTokenRequest, type TokenEndpoint, type TokenEndpointDeps } from "./token-endpoint.js";

const MAX_FORM_BYTES = 16 * 1024;

export async function serveTokenRequest(
  request: Request,
  endpoint: TokenEndpoint,
  certificate: PresentedCertificate | undefined,
  deps: TokenEndpointDeps,
  limits: BodyLimits,
): Promise<Response> {
  if (request.method !== "POST") {
    discardBody(request);
    const { error, headers } = methodNotAllowed(new URL(request.url).pathname, ["POST"]);
    return errorResponse(error, headers);
  }
  const raw = await readBody(request, { ...limits, maxBytes: MAX_FORM_BYTES });
  const contentType = request.headers.get("content-type") ?? undefined;
  const form =
    raw.ok && mediaTypeOf(contentType) === "application/x-www-form-urlencoded"
      ? new URLSearchParams(utf8(raw.bytes))
      : new URLSearchParams();
  const result = await handleTokenRequest(
    {
      form,
      contentType: raw.ok ? contentType : undefined,
      endpoint,
      clientCertificateThumbprint: certificate?.thumbprint,
      clientCertificateValidity: certificate?.validity,
    },
    deps,
  );
  const headers = Object.fromEntries(
    Object.entries(result.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const { "content-type": _contentType, ...rest } = headers;
  return jsonResponse(result.status, result.body, rest);
}
