export { EndpointError, type EndpointErrorCode } from "./errors.js";
export { parseTemplate, type UriTemplate, type TemplateValues } from "./uri-template/index.js";
