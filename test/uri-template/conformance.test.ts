// The public uritemplate-test suite, vendored in test/fixtures/uritemplate-test/, run case by case through parseTemplate.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { EndpointError, parseTemplate } from "../../src/index.js";

const suiteDirectory = fileURLToPath(new URL("../fixtures/uritemplate-test/", import.meta.url));
const suiteFiles = ["spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"];

interface Group {
  variables: Record<string, unknown>;
  testcases: [string, string | string[] | false][];
}

// Read at collection time and never guarded: missing vectors fail the run instead of skipping 270 cases.
const suites = suiteFiles.map((file) => ({ file, groups: JSON.parse(readFileSync(suiteDirectory + file, "utf8")) as Record<string, Group> }));

describe("uritemplate-test conformance", () => {
  let total = 0;
  for (const { file, groups } of suites) {
    for (const [groupName, group] of Object.entries(groups)) {
      describe(`${file}: ${groupName}`, () => {
        for (const [template, expected] of group.testcases) {
          total++;
          if (expected === false) {
            it(`rejects ${template}`, () => {
              let thrown: unknown;
              try {
                parseTemplate(template).expand(group.variables);
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(EndpointError);
              expect((thrown as EndpointError).code).toMatch(/^ERR_INVALID_(TEMPLATE|PARAMETER)$/);
            });
          } else {
            it(`expands ${template}`, () => {
              const actual = parseTemplate(template).expand(group.variables);
              expect(Array.isArray(expected) ? expected : [expected]).toContain(actual);
            });
          }
        }
      });
    }
  }
  it("covers all 270 published cases", () => {
    expect(total).toBe(270);
  });
});
