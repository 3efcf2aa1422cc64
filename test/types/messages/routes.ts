// Fixture for test/types/messages.test.ts: every line after an `// @names` comment must fail to compile with a
// message that names each listed parameter (quoted, as the compiler quotes names), under TypeScript 6 and 7.
// Not part of `npm run typecheck` (tsconfig.json excludes this folder): these lines are meant to fail.
import { endpoint } from "../../../src/index.js";

// @names owner
endpoint({ method: "GET", url: "/repos/{owner}" });
// @names owner
endpoint("GET /repos/{owner}");
// @names owner repo
endpoint("GET /repos/{owner}/{repo}");
// @names repo
endpoint("GET /repos/{owner}/{repo}", { owner: "octokit" });
// @names repo
endpoint.defaults({ owner: "octokit" })({ url: "/repos/{owner}/{repo}" });
// @names enterprise-team
endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}", { enterprise: "e" });
