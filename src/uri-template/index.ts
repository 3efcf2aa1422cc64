// RFC 6570 URI templates, Level 4. Knows nothing of HTTP: the rest of endpointkit builds on this entry point.
import { boundedMemo } from "../cache.js";
import { compileTemplate } from "./compile.js";
import { EndpointError } from "../errors.js";
import { expandTemplate } from "./expand.js";
import { describeValue, type TemplateValues } from "../values.js";

export { compileTemplate, compiledTemplate, type CompileOptions } from "./compile.js";
export { expandTemplate, expandedPlainValues, type ExpansionReport } from "./expand.js";
export type { TemplateValues } from "../values.js";
export type { CompiledTemplate, Operator, VarSpec } from "./syntax.js";

/** A parsed template, ready to expand many times. */
export interface UriTemplate {
  /** Variable names in order of first appearance, without repeats. */
  readonly variables: readonly string[];
  /** Expands the template; throws EndpointError for values RFC 6570 cannot express. */
  expand(values?: TemplateValues): string;
}

const TEMPLATE_CACHE_SIZE = 1000;

export const parseCached = /* @__PURE__ */ boundedMemo(TEMPLATE_CACHE_SIZE, (source): UriTemplate => {
  const compiled = compileTemplate(source);
  return Object.freeze({
    variables: compiled.variables,
    expand: (values: TemplateValues = {}) => {
      if (typeof values !== "object" || values === null) {
        throw new EndpointError("ERR_INVALID_PARAMETER", `template values must be an object, not ${describeValue(values)}`);
      }
      return expandTemplate(compiled, values);
    },
  });
});

/** Parses an RFC 6570 template once (cached) and returns its expander; throws ERR_INVALID_TEMPLATE when malformed. */
export function parseTemplate(template: string): UriTemplate {
  if (typeof template !== "string") {
    throw new EndpointError("ERR_INVALID_TEMPLATE", `a URI template must be a string, not ${describeValue(template)}`);
  }
  return parseCached(template);
}
