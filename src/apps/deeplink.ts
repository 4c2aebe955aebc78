import type { DeepLink } from "../build/schemas/app.js";

/**
 * An app's deep link for a model: URL-encoded, one parameter each, so a file
 * name holding `&` or `#` stays one value.
 */
export function deepLinkUrl(link: DeepLink, id: string, file: string | undefined): string {
  const url = new URL(link.url);
  if (link.modelParam) url.searchParams.append(link.modelParam, id);
  else url.pathname = `${url.pathname.replace(/\/$/, "")}/${id.split("/").map(encodeURIComponent).join("/")}`;
  if (link.fileParam && file !== undefined) url.searchParams.append(link.fileParam, file);
  return url.href;
}
