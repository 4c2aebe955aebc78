import type { TokenSource } from "../token.js";
import { literalForms, WRITERS, type LiteralForms } from "./forms.js";
import { inputTree, type SnippetContext } from "./context.js";

/*
 * The template fields every client shares (the list: model, provider,
 * providerModelId, accessToken, authorizationHeader, billTo, endpointUrl,
 * inputs), as literal text in the snippet's language. Each is formatted on
 * first read: a template reads only some of them.
 */

/** How one language writes a string literal and the token. */
export interface LanguageLiterals {
  string(text: string): string;
  accessToken(token: TokenSource): string;
  authorizationHeader(scheme: string, token: TokenSource): string;
}

export class TemplateFields {
  /** The text `model` formats: the hub id, unless a client names the model otherwise (OpenAI clients). */
  modelText: string;
  /** The scheme `authorizationHeader` uses: Bearer, unless the request says otherwise (fal's Key). */
  authScheme = "Bearer";
  #model?: string;
  #provider?: string;
  #providerModelId?: string;
  #accessToken?: string;
  #authorizationHeader?: string;
  #inputs?: LiteralForms;

  constructor(
    protected readonly context: SnippetContext,
    protected readonly literals: LanguageLiterals,
  ) {
    this.modelText = context.modelId;
  }

  get model(): string {
    return (this.#model ??= this.literals.string(this.modelText));
  }

  get provider(): string {
    return (this.#provider ??= this.literals.string(this.context.provider));
  }

  get providerModelId(): string {
    return (this.#providerModelId ??= this.literals.string(this.context.providerModelId));
  }

  get accessToken(): string {
    return (this.#accessToken ??= this.literals.accessToken(this.context.token));
  }

  get authorizationHeader(): string {
    return (this.#authorizationHeader ??= this.literals.authorizationHeader(this.authScheme, this.context.token));
  }

  get billTo(): string | undefined {
    return this.context.billTo === undefined ? undefined : this.literals.string(this.context.billTo);
  }

  get endpointUrl(): string | undefined {
    return this.context.endpointUrl === undefined ? undefined : this.literals.string(this.context.endpointUrl);
  }

  get inputs(): LiteralForms {
    return (this.#inputs ??= literalForms(inputTree(this.context.input), WRITERS));
  }
}
