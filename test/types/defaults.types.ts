// Type tests for defaults() (issue 4): placeholders filled by defaults become optional, through any number of
// cascaded calls, and endpoints stay assignable to `Endpoint`. Checked by `npm run typecheck`; never run.
import { endpoint, type Endpoint } from "../../src/index.js";
import { expectTrue, type Equal } from "./assert.js";

// ---------------------------------------------------------------------------------------------------------------
// Filled placeholders become optional; the others stay required.

const forOwner = endpoint.defaults({ owner: "octokit" });
forOwner("GET /repos/{owner}/{repo}", { repo: "endpoint.js" });
forOwner("GET /repos/{owner}/{repo}", { owner: "other", repo: "endpoint.js" });
forOwner("GET /orgs/:owner/teams");
// @ts-expect-error repo is not filled by the defaults
forOwner("GET /repos/{owner}/{repo}");
// @ts-expect-error repo is not filled by the defaults (options form)
forOwner({ url: "/repos/{owner}/{repo}" });
// undefined keeps the default (merging skips it); null replaces it, and then the placeholder is empty.
forOwner("GET /repos/{owner}/{repo}", { owner: undefined, repo: "r" });
// @ts-expect-error null overrides the default owner and the runtime throws ERR_MISSING_PARAMETER
forOwner("GET /repos/{owner}/{repo}", { owner: null, repo: "r" });

// ---------------------------------------------------------------------------------------------------------------
// Cascades: every level adds what it fills.

const forRepo = forOwner.defaults({ repo: "endpoint.js", per_page: 100 });
forRepo("GET /repos/{owner}/{repo}");
forRepo("GET /repos/{owner}/{repo}/issues/{issue_number}", { issue_number: 1 });
// @ts-expect-error issue_number is filled by no level
forRepo("GET /repos/{owner}/{repo}/issues/{issue_number}");
const forIssue = forRepo.defaults({ headers: { authorization: "token x" } }).defaults({ issue_number: 7 });
forIssue("GET /repos/{owner}/{repo}/issues/{issue_number}");
forIssue("POST /repos/:owner/:repo/issues/:issue_number/comments", { body: "Me too" });
expectTrue<Equal<typeof forIssue, Endpoint<"owner" | "repo" | "per_page" | "headers" | "issue_number">>>();

// Keys that are undefined, null or only maybe present fill nothing.
declare const maybeOwner: string | undefined;
const unsure = endpoint.defaults({ owner: maybeOwner, repo: null });
// @ts-expect-error neither owner nor repo is surely filled
unsure("GET /repos/{owner}/{repo}");
declare const wide: { [key: string]: string };
// @ts-expect-error an index signature names no key surely: nothing is filled
endpoint.defaults(wide)("GET /repos/{owner}");
declare const optional: { owner?: string };
// @ts-expect-error an optional property may be absent
endpoint.defaults(optional)("GET /repos/{owner}");

// ---------------------------------------------------------------------------------------------------------------
// A default url: the options form may leave url out, through later cascades too.

const markdown = endpoint.defaults({ method: "POST", url: "/markdown" });
markdown({ text: "Hello **world**" });
markdown.defaults({ headers: { "x-a": "1" } })({ text: "Hi" });
markdown("POST /markdown/raw", { data: "Hi" });
// @ts-expect-error an explicit url is still checked
markdown({ url: "/repos/{owner}" });
// @ts-expect-error without a default url, the options form needs one
endpoint.defaults({ method: "POST" })({ text: "Hi" });

// No arguments at all (issue 12): the request the defaults describe, which needs a default url.
endpoint.defaults({ url: "/orgs/{org}", org: "x" })();
markdown();
markdown.defaults({ text: "Hi" })();
// @ts-expect-error the base endpoint has no default url ("endpoint() without arguments needs defaults that set url")
endpoint();
// @ts-expect-error nor has one whose defaults set only a method
endpoint.defaults({ method: "POST" })();

// ---------------------------------------------------------------------------------------------------------------
// An endpoint with more defaults can be used wherever one with fewer is expected, not the other way round.

let stored: Endpoint = endpoint;
stored = forOwner;
stored = forIssue;
stored = markdown;
const forOwnerAgain: Endpoint<"owner"> = forIssue;
// @ts-expect-error the base endpoint does not fill owner
const notFilled: Endpoint<"owner"> = endpoint;
function listRepos(api: Endpoint<"owner">) {
  return api("GET /orgs/{owner}/repos");
}
listRepos(forOwner);
listRepos(forRepo);
// @ts-expect-error the base endpoint does not fill owner
listRepos(endpoint);
// A route-string variable is unchecked on every endpoint.
declare const route: string;
forIssue(route);
export { stored, forOwnerAgain, notFilled };
