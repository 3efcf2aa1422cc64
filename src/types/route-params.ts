// The route parser of src/route.ts and src/url.ts, redone in the type system, so that the compiler knows which
// parameters a literal route such as "GET /repos/{owner}/{repo}{?per_page}" needs. Pure types: nothing here exists
// at run time.
//
// How it stays cheap (200 different routes in one file must type-check well within the compiler's limits):
// - Every recursive type is tail-recursive (the recursive reference is the whole branch of a conditional type), so
//   the compiler runs it as a loop instead of nesting instantiations, and its 1000-step limit is never near.
// - Nothing walks a route character by character except where a rule is about single characters (leading white
//   space, method tokens, scheme names, variable names, `:name`). Everything else jumps from delimiter to delimiter
//   with template literal inference (`${infer Before}{${infer Rest}`), so a route costs a few steps per `{...}`
//   and per `:`.
// - A character is tested by taking it (`${infer C}${infer Rest}`) and looking it up in a union
//   (`C extends Letter`), never with a pattern over a union (`${Letter}${string}`): the compiler expands such a
//   pattern into one template per member and tries each, which made every `:name` route cost three times more.
// - Results are unions of names gathered in accumulator parameters; no tuples are built and nothing distributes
//   over a union except the top-level route type itself.
// - Where the runtime would throw on a malformed route, the parser returns an `InvalidRoute` message instead of
//   guessing, so a broken route is a compile error rather than a silently unchecked one.

/** Shown by the compiler in place of a route that endpoint() would reject at run time; `Problem` says why. */
export interface InvalidRoute<Problem extends string> {
  readonly "invalid route": Problem;
}

/** The placeholders a route (or URL template) names: which must have a value and which may. */
export interface RouteParameterNames<Required extends string, Optional extends string> {
  /** Names of `{name}`, `{+name}`, `{#name}` and `:name` placeholders: endpoint() throws without them. */
  readonly required: Required;
  /** Names that appear only in operator expressions (`{/name}`, `{?a,b}`, `{&a}`, `{.a}`, `{;a}`). */
  readonly optional: Optional;
}

/**
 * Parses a route string, `"<METHOD> <url>"` or `"<url>"`, as `endpoint()` does: the placeholders its URL
 * template names, or an `InvalidRoute` that says what endpoint() would throw for. A union of routes gives the
 * union of each member's result; a non-literal route (`string`, `` `/repos/${string}` ``) gives `never`.
 */
export type ParseRoute<Route extends string> = Route extends string
  ? IsLiteral<Route> extends true
    ? SplitRoute<TrimStart<Route>>
    : never
  : never;

/** Parses the URL template of the options form (`{ url }`), where there is no method. */
export type ParseUrl<Url extends string> = Url extends string
  ? IsLiteral<Url> extends true
    ? ParseUrlTemplate<Url>
    : never
  : never;

/**
 * True for a literal string type, false for `string` and for template literal types with holes, whose text the
 * compiler does not know: a `Record` over a literal has a required key, one over a pattern is an index signature.
 */
export type IsLiteral<S extends string> = {} extends Record<S, 1> ? false : true;

// ---------------------------------------------------------------------------------------------------------------
// Characters. Unions of one-character literals: membership is a set lookup for the compiler, not a walk.

type Lower =
  | "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m"
  | "n" | "o" | "p" | "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z";
type Letter = Lower | Uppercase<Lower>;
type Digit = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";
/** `:name` is `[A-Za-z_][A-Za-z0-9_]*` (src/url.ts). */
type NameStart = Letter | "_";
type NameChar = NameStart | Digit;
/** RFC 3986 scheme: a letter, then letters, digits, `+`, `-`, `.` (src/url.ts `schemeLength`). */
type SchemeChar = Letter | Digit | "+" | "-" | ".";
/** RFC 9110 token, what a method must be (src/token.ts). */
type TokenChar = Letter | Digit | "!" | "#" | "$" | "%" | "&" | "'" | "*" | "+" | "-" | "." | "^" | "_" | "`" | "|" | "~";
/**
 * RFC 6570 varchar, plus `%` (of a %XX escape), `.` (between varchars) and `-` (anywhere but first, as OpenAPI
 * path templates write `{enterprise-team}`; endpoint() allows it, parseTemplate() does not); where dots and dashes
 * may go is checked apart.
 */
type VarNameChar = NameChar | "%" | "." | "-";
/** What `String.prototype.trim` removes (white space and line terminators), as src/route.ts does. */
type Space =
  | " " | "\t" | "\n" | "\v" | "\f" | "\r" | "\u00a0" | "\u1680" | "\u2000" | "\u2001" | "\u2002" | "\u2003"
  | "\u2004" | "\u2005" | "\u2006" | "\u2007" | "\u2008" | "\u2009" | "\u200a" | "\u2028" | "\u2029" | "\u202f"
  | "\u205f" | "\u3000" | "\ufeff";

// ---------------------------------------------------------------------------------------------------------------
// The route: trim, then "<METHOD> <url>" or "<url>" (src/route.ts splits on spaces and drops empty words).

// The route is split at its first space; what follows must be one more word, possibly with white space around it.
// White space is trimmed one character at a time (a set lookup each): nearly every route has none, so that is
// one step, where a pattern over a union of 25 characters would cost 25 matches on every route.
type TrimStart<S extends string> = S extends `${infer C}${infer Rest}` ? (C extends Space ? TrimStart<Rest> : S) : S;

type SplitRoute<Route extends string> = Route extends ""
  ? InvalidRoute<"the route is empty">
  : Route extends `${infer Method} ${infer Rest}`
    ? TrimStart<Rest> extends ""
      ? ParseUrlTemplate<Method> // "<url>" followed by spaces
      : TrimStart<Rest> extends `${infer Url} ${infer Extra}`
        ? TrimStart<Extra> extends ""
          ? MethodAndUrl<Method, Url>
          : InvalidRoute<"the route has more than two words: write \"<METHOD> <url>\" or \"<url>\"">
        : MethodAndUrl<Method, TrimStart<Rest>>
    : ParseUrlTemplate<Route>;

type MethodAndUrl<Method extends string, Url extends string> = IsToken<Method> extends true
  ? ParseUrlTemplate<Url>
  : InvalidRoute<`the method "${Method}" is not an HTTP token`>;

type IsToken<S extends string> = S extends `${infer C}${infer Rest}` ? (C extends TokenChar ? IsToken<Rest> : false) : true;

// ---------------------------------------------------------------------------------------------------------------
// The URL template. `:name` counts only in the path, so the scan knows where it is:
//   "authority"  after "scheme://", up to the first "/", "?" or "#": expressions count, `:` never does;
//   "path"       `:name` right after "/" or "." is a required placeholder;
//   "rest"       after a literal "?" or "#" (query, fragment): only expressions count.

type Mode = "authority" | "path" | "rest";

type ParseUrlTemplate<Url extends string> = Url extends `${infer Scheme}:${infer AfterScheme}`
  ? IsScheme<Scheme> extends true
    ? AfterScheme extends `//${infer Authority}`
      ? Scan<"authority", Authority, never, never>
      : Scan<"path", AfterScheme, never, never>
    : Scan<"path", Url, never, never>
  : Scan<"path", Url, never, never>;

type IsScheme<S extends string> = S extends `${infer C}${infer Rest}` ? (C extends Letter ? AllOf<Rest, SchemeChar> : false) : false;
type AllOf<S extends string, Allowed extends string> = S extends `${infer C}${infer Rest}`
  ? (C extends Allowed ? AllOf<Rest, Allowed> : false)
  : true;

/**
 * One step per `{...}`: read the literal before it (which may move the mode on and hold `:name`s), then the
 * expression itself. `Required` and `Optional` gather names; a name both required and optional is required.
 */
type Scan<M extends Mode, S extends string, Required extends string, Optional extends string> =
  S extends `${infer Literal}{${infer Rest}`
    ? Rest extends `${infer Expression}}${infer After}`
      ? Expression extends `${string}{${string}`
        ? InvalidRoute<"an expression opened with { is not closed before the next {">
        : ReadLiteral<M, Literal, Required> extends [infer NextMode extends Mode, infer NextRequired extends string]
          ? ReadExpression<Expression> extends RouteParameterNames<infer R, infer O>
            ? Scan<NextMode, After, NextRequired | R, Optional | O>
            : ReadExpression<Expression>
          : ReadLiteral<M, Literal, Required>
      : InvalidRoute<"an expression opened with { is never closed">
    : ReadLiteral<M, S, Required> extends [Mode, infer AllRequired extends string]
      ? RouteParameterNames<AllRequired, Exclude<Optional, AllRequired>>
      : ReadLiteral<M, S, Required>;

/** Reads literal text in mode `M`: returns `[mode after it, Required plus its :names]`, or an InvalidRoute. */
type ReadLiteral<M extends Mode, Literal extends string, Required extends string> =
  Literal extends `${string}}${string}`
    ? InvalidRoute<"a } stands outside an expression">
    : M extends "path"
      ? ReadPath<Literal, Required>
      : M extends "authority"
        ? ReadAuthority<Literal, Required>
        : ["rest", Required];

/** The authority ends at the first "/", "?" or "#"; a path after it is read for `:name`s. */
type ReadAuthority<Literal extends string, Required extends string> =
  BeforeQuery<Literal> extends Literal
    ? Literal extends `${string}/${infer Path}`
      ? ReadPath<`/${Path}`, Required>
      : ["authority", Required]
    : BeforeQuery<Literal> extends `${string}/${infer Path}`
      ? ReadPath<`/${Path}`, Required>
      : ["rest", Required];

/** The path ends at the first literal "?" or "#"; before it, `:name` after "/" or "." is a placeholder. */
type ReadPath<Literal extends string, Required extends string> =
  BeforeQuery<Literal> extends Literal
    ? ["path", ColonNames<Literal, Required>]
    : ["rest", ColonNames<BeforeQuery<Literal>, Required>];

/** The text before the first "?" and before the first "#". */
type BeforeQuery<S extends string> = S extends `${infer Before}?${string}`
  ? Before extends `${infer BeforeHash}#${string}` ? BeforeHash : Before
  : S extends `${infer Before}#${string}` ? Before : S;

/**
 * Adds the names of `:name` placeholders in path text to `Found`. The text before each `:` must end in "/" or ".";
 * when it is empty the `:` follows a `}`, the scheme or the start of the URL, none of which count (src/url.ts).
 */
type ColonNames<Path extends string, Found extends string> = Path extends `${infer Before}:${infer After}`
  ? Before extends `${string}/` | `${string}.`
    ? After extends `${infer C}${string}`
      ? C extends NameStart
        ? ColonNames<After, Found | LeadingName<After, "">>
        : ColonNames<After, Found>
      : Found
    : ColonNames<After, Found>
  : Found;

/** The longest run of name characters at the start of `S`. */
type LeadingName<S extends string, Name extends string> = S extends `${infer C}${infer Rest}`
  ? C extends NameChar ? LeadingName<Rest, `${Name}${C}`> : Name
  : Name;

// ---------------------------------------------------------------------------------------------------------------
// One expression: the text between "{" and "}".

type ReadExpression<Expression extends string> = Expression extends `${infer Operator}${infer VarList}`
  ? Operator extends "+" | "#"
    ? VarNames<VarList, never, "required">
    : Operator extends "/" | "?" | "&" | "." | ";"
      ? VarNames<VarList, never, "optional">
      : Operator extends "=" | "," | "!" | "@" | "|"
        ? InvalidRoute<`the operator "${Operator}" in {${Expression}} is reserved and not part of RFC 6570`>
        : VarNames<Expression, never, "required">
  : InvalidRoute<"an expression {} is empty">;

/** The comma-separated variables of an expression, each without its `:N` or `*` modifier. */
type VarNames<VarList extends string, Names extends string, Kind extends "required" | "optional"> =
  VarList extends `${infer Spec},${infer More}`
    ? VarName<Spec> extends infer Name extends string
      ? VarNames<More, Names | Name, Kind>
      : VarName<Spec>
    : VarName<VarList> extends infer Name extends string
      ? Kind extends "required"
        ? RouteParameterNames<Names | Name, never>
        : RouteParameterNames<never, Names | Name>
      : VarName<VarList>;

type VarName<Spec extends string> = Spec extends `${infer Name}:${infer Prefix}`
  ? CheckVarName<Name, Prefix extends `${infer C}${string}` ? (C extends Digit ? true : false) : false>
  : Spec extends `${infer Name}*`
    ? CheckVarName<Name, true>
    : CheckVarName<Spec, true>;

type CheckVarName<Name extends string, ModifierOk extends boolean> = ModifierOk extends false
  ? InvalidRoute<`the prefix of "${Name}" must be a whole number`>
  : Name extends "" | `.${string}` | `${string}.` | `${string}..${string}`
    ? InvalidRoute<`the variable name "${Name}" is missing, or has a dot at its start, its end or twice in a row`>
    : Name extends `-${string}`
      ? InvalidRoute<`the variable name "${Name}" starts with "-"`>
      : AllOf<Name, VarNameChar> extends true
        ? Name
        : InvalidRoute<`the variable name "${Name}" may hold only letters, digits, "_", "-", "." and %XX escapes`>;
