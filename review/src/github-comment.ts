#!/usr/bin/env -S npx tsx
/**
 * Posts a review report as a pull request comment, or updates the one it posted before (found by a marker that
 * names the spec, so two reviews of two specs keep two comments). What the GitHub Action (review/action.yml) runs
 * after the review; it reads what GitHub gives a step: GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_EVENT_PATH (the
 * pull request's number) and the token in GITHUB_TOKEN. Not on a pull request, it says so and posts nothing.
 *
 *   tsx review/src/github-comment.ts <report.md> <spec>
 */
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";

/** A comment holds 65,536 characters; the whole report stays in the job summary. */
export const commentLimit = 65_000;

export function commentBody(report: string, spec: string, runUrl?: string): string {
  const marker = `<!-- account-funds-review: ${spec} -->`;
  const text =
    report.length > commentLimit
      ? `${report.slice(0, commentLimit)}\n\n… cut here: the whole report is in the ${runUrl === undefined ? "job summary" : `[job summary](${runUrl})`}.\n`
      : report;
  return `${marker}\n${text}`;
}

interface Comment {
  readonly id: number;
  readonly body?: string;
}

export async function postComment(env: NodeJS.ProcessEnv, report: string, spec: string): Promise<string> {
  const api = env["GITHUB_API_URL"] ?? "https://api.github.com";
  const repository = env["GITHUB_REPOSITORY"];
  const token = env["GITHUB_TOKEN"];
  const eventPath = env["GITHUB_EVENT_PATH"];
  const event =
    eventPath === undefined ? {} : (JSON.parse(await readFile(eventPath, "utf8")) as Record<string, unknown>);
  const number = (event["pull_request"] as { number?: number } | undefined)?.number;
  if (number === undefined) return "not a pull request: no comment posted (the report is in the job summary)";
  if (repository === undefined || token === undefined || token === "")
    return "no GITHUB_REPOSITORY or token: no comment posted";
  const headers = {
    accept: "application/vnd.github+json",
    authorization: `Bearer ${token}`,
    "content-type": "application/json",
    "x-github-api-version": "2022-11-28",
  };
  const runUrl =
    env["GITHUB_SERVER_URL"] !== undefined && env["GITHUB_RUN_ID"] !== undefined
      ? `${env["GITHUB_SERVER_URL"]}/${repository}/actions/runs/${env["GITHUB_RUN_ID"]}`
      : undefined;
  const body = commentBody(report, spec, runUrl);
  const marker = body.slice(0, body.indexOf("\n"));
  const issue = `${api}/repos/${repository}/issues/${number}`;
  let previous: Comment | undefined;
  for (let page = 1; previous === undefined; page++) {
    const response = await fetch(`${issue}/comments?per_page=100&page=${page}`, { headers });
    if (!response.ok) throw new Error(`GitHub answered ${response.status} listing the comments of #${number}`);
    const comments = (await response.json()) as Comment[];
    previous = comments.find((comment) => comment.body?.startsWith(marker) === true);
    if (comments.length < 100) break;
  }
  const response =
    previous === undefined
      ? await fetch(`${issue}/comments`, { method: "POST", headers, body: JSON.stringify({ body }) })
      : await fetch(`${api}/repos/${repository}/issues/comments/${previous.id}`, {
          method: "PATCH",
          headers,
          body: JSON.stringify({ body }),
        });
  // A fork's token may not comment: the report is still in the job summary, so this is not the review's failure.
  if (response.status === 403)
    return `GitHub refused the comment (403: a fork's token?): the report is in the job summary`;
  if (!response.ok) throw new Error(`GitHub answered ${response.status} to the comment on #${number}`);
  return `${previous === undefined ? "posted" : "updated"} the review comment on #${number}`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [reportPath, spec] = process.argv.slice(2);
  if (reportPath === undefined || spec === undefined) {
    process.stderr.write("usage: github-comment.ts <report.md> <spec>\n");
    process.exit(64);
  }
  try {
    process.stdout.write(`${await postComment(process.env, await readFile(reportPath, "utf8"), spec)}\n`);
  } catch (error) {
    process.stderr.write(`review comment: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
