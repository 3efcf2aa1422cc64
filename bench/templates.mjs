// Issue 3: parseTemplate(t).expand(v), called with the template string each time as a user would,
// against @std-uritemplate/std-uritemplate and url-template, side by side.
import { StdUriTemplate } from "@std-uritemplate/std-uritemplate";
import { parseTemplate as urlTemplateParse } from "url-template";
import { parseTemplate } from "../dist/index.js";
import { compare, consume } from "./harness.mjs";

/** GitHub-style templates and their values: path placeholders, {?name,label}, a search query, {/list*}{?keys*}. */
const MIX = [
  ["https://api.github.com/repos/{owner}/{repo}/issues/{issue_number}", { owner: "octocat", repo: "hello-world", issue_number: 1347 }],
  ["https://api.github.com/repos/{owner}/{repo}/contents/{path}", { owner: "octocat", repo: "hello-world", path: "docs/getting started.md" }],
  [
    "https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    { owner: "octocat", repo: "hello-world", release_id: 1234567, name: "app v1.0.zip", label: "App for macOS" },
  ],
  ["https://api.github.com/search/issues{?q,sort,order,per_page}", { q: "repo:octocat/hello-world is:open label:bug", sort: "created", per_page: 30 }],
  ["https://api.github.com/repos{/path*}{?keys*}", { path: ["octocat", "hello-world", "branches"], keys: { protected: true, per_page: 100 } }],
  ["https://api.github.com/repos/{owner}/{repo}/compare/{basehead}{?page,per_page}", { owner: "octocat", repo: "hello-world", basehead: "main...feature", page: 2 }],
];

const contestants = {
  endpointkit: () => {
    for (let i = 0; i < MIX.length; i++) consume(parseTemplate(MIX[i][0]).expand(MIX[i][1]));
  },
  "url-template": () => {
    for (let i = 0; i < MIX.length; i++) consume(urlTemplateParse(MIX[i][0]).expand(MIX[i][1]));
  },
  "@std-uritemplate/std-uritemplate": () => {
    for (let i = 0; i < MIX.length; i++) consume(StdUriTemplate.expand(MIX[i][0], MIX[i][1]));
  },
};

/** Checks that all three expand every template of the mix to the same URL, and prints them. */
function showMix() {
  console.log("The template mix (endpointkit's URLs; a peer that differs is named):");
  for (const [template, values] of MIX) {
    const ours = parseTemplate(template).expand(values);
    const others = [urlTemplateParse(template).expand(values), StdUriTemplate.expand(template, values)];
    console.log(`  ${ours}`);
    others.forEach((url, i) => url !== ours && console.log(`    but ${["url-template", "std-uritemplate"][i]} gives ${url}`));
  }
}

/** endpointkit's side alone, for bench/profile.mjs. */
export function endpointkitTemplates() {
  return contestants.endpointkit;
}

export function benchTemplates({ rounds = 40 } = {}) {
  showMix();
  const result = compare({
    title: `parseTemplate(t).expand(v): mix of ${MIX.length} templates`,
    contestants,
    ours: "endpointkit",
    callsPerRun: MIX.length,
    rounds,
  });
  const fastestPeer = Object.keys(result.ratios).reduce((a, b) => (result.ratios[a] <= result.ratios[b] ? a : b));
  console.log(`  against the faster peer (${fastestPeer}): ${result.ratios[fastestPeer].toFixed(1)}x`);
  return { ...result, fastestPeer };
}

if (import.meta.url === `file://${process.argv[1]}`) benchTemplates();
