// An agent's tool loop on an API of your own: the description's operations go to the model as tools, each tool call
// the model makes comes back as exactly the request the description asks for, and is sent with fetch. The model here
// is scripted (see `model` below) so the example runs offline; put your provider's API call in its place.
// TASKS_API_URL says where the API is served (the test points it at a local server); TASKS_API_KEY is the credential.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { EndpointError, toFetchArgs } from "endpointkit";
import { toTools } from "endpointkit/tools";

const description = parse(readFileSync(new URL("tasks.yaml", import.meta.url), "utf8"));
const kit = toTools(description, {
  format: "openai",
  // The servers of tasks.yaml are relative ("/v1"): resolved against where the API is served.
  baseUrl: process.env.TASKS_API_URL ?? "https://tasks.example",
  // The apiKey scheme's credential: sent in X-Api-Key by every call, never a tool argument the model sees.
  auth: { key: process.env.TASKS_API_KEY ?? "" },
});

/**
 * Stands in for the model: given the conversation and the tools, it answers with tool calls or with text. A real agent
 * sends `messages` and `kit.tools` to its provider here (OpenAI's Responses API takes kit.tools as they are).
 */
function model(messages, tools) {
  const results = messages.filter((message) => message.role === "tool");
  const names = tools.map((tool) => tool.name);
  if (!names.includes("createTask") || !names.includes("listTasks")) throw new Error("the tools are missing");
  switch (results.length) {
    case 0:
      // Strict tools take every key; null leaves an optional one out. "@labels" is sent as "_labels" (the schema says so).
      return { toolCalls: [{ name: "createTask", arguments: JSON.stringify({ title: "Buy milk", due: "2026-12-01", _labels: ["home"] }) }] };
    case 1:
      // A mistake a model makes: a string for an integer. call() refuses it, naming the argument, before anything is sent.
      return { toolCalls: [{ name: "listTasks", arguments: JSON.stringify({ status: "open", _top: "two" }) }] };
    case 2:
      return { toolCalls: [{ name: "listTasks", arguments: JSON.stringify({ status: "open", _top: 2 }) }] };
    default: {
      const tasks = JSON.parse(results.at(-1).content);
      return { text: `You have ${tasks.length} open task(s): ${tasks.map((task) => task.title).join(", ")}.` };
    }
  }
}

/** Runs one tool call: its request built by kit.call() and sent with fetch; an EndpointError goes back to the model. */
async function runTool({ name, arguments: text }) {
  try {
    const response = await fetch(...toFetchArgs(kit.call(name, JSON.parse(text))));
    return { status: response.status, content: await response.text() };
  } catch (error) {
    if (error instanceof EndpointError) return { error: error.code, content: JSON.stringify({ error: error.message }) };
    throw error;
  }
}

const messages = [{ role: "user", content: "Add 'Buy milk' for December 1st, then tell me my open tasks (two at most)." }];
const log = [];
for (let turn = 0; turn < 8; turn++) {
  const answer = model(messages, kit.tools);
  if (answer.text !== undefined) {
    messages.push({ role: "assistant", content: answer.text });
    break;
  }
  for (const call of answer.toolCalls) {
    const result = await runTool(call);
    log.push({ tool: call.name, route: kit.route(call.name), ...(result.error === undefined ? { status: result.status } : { error: result.error }) });
    messages.push({ role: "tool", name: call.name, content: result.content });
  }
}
console.log(JSON.stringify({ tools: kit.tools.map((tool) => tool.name), calls: log, answer: messages.at(-1).content }));
