// `endpointkit tools <description>`: the description's operations as LLM tool definitions, printed as JSON, through
// the public `endpointkit/tools` entry.
import { toTools, type ToToolsOptions, type ToolFormat } from "endpointkit/tools";
import { toolsHelpText } from "./help.js";
import { readDescription } from "./openapi.js";
import type { Io } from "./options.js";
import { show } from "./show.js";
import { UsageError } from "./usage-error.js";

const FORMATS: readonly string[] = ["openai", "anthropic", "mcp"];

/** The JSON text of the tools of the description `argv` names (or the help text). */
export function toolsCommand(argv: readonly string[], io: Pick<Io, "readFile">, warnings: string[] = []): string {
  let format: string | undefined;
  const include: string[] = [];
  const trust: string[] = [];
  const options: Omit<ToToolsOptions, "format"> = {};
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "-h" || flag === "--help") return toolsHelpText();
    if (flag === "--format" || flag === "--include" || flag === "--server" || flag === "--base-url" || flag === "--trust" || flag === "--name-length") {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      if (flag === "--format") format = value;
      else if (flag === "--include") include.push(value);
      else if (flag === "--trust") trust.push(value);
      else if (flag === "--base-url") options.baseUrl = value;
      else if (flag === "--server") options.server = /^\d+$/.test(value) ? Number(value) : value;
      else {
        if (!/^\d+$/.test(value)) throw new UsageError(`--name-length wants a number from 1 to 64, not ${show(value)}`);
        options.nameLength = Number(value);
      }
    } else if (arg.startsWith("-") && arg !== "-") {
      throw new UsageError(`unknown option ${show(arg)} of the tools command: the options are --format, --include, --server, --base-url, --trust, --name-length, --help`);
    } else {
      files.push(arg);
    }
  }
  if (files.length !== 1) throw new UsageError(files.length === 0 ? "the tools command needs a description file" : "the tools command takes one description file");
  if (format === undefined || !FORMATS.includes(format)) {
    throw new UsageError(format === undefined ? "the tools command needs --format openai, anthropic or mcp" : `--format must be openai, anthropic or mcp, not ${show(format)}`);
  }
  if (include.length > 0) options.include = include;
  if (trust.length > 0) options.trust = trust;
  const kit = toTools(readDescription(files[0]!, io.readFile, warnings), { ...options, format: format as ToolFormat });
  return `${JSON.stringify(kit.tools, null, 2)}\n`;
}
