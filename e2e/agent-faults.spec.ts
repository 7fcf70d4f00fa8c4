/**
 * The task agent when the model fails, end to end on a tablet: the server cannot be reached,
 * the answer breaks off in turn 1 or 2 or never says it finished, or the server asks to slow
 * down. Each is said in words, and what the model proposed before it failed is kept.
 */
import { expect } from '@playwright/test';
import { WAKE_TIMEOUT } from './pages/agent-panel';
import { call } from './support/scripted-model';
import {
  LOGIN_BUG,
  LOGIN_PROPOSALS,
  LOGIN_PROPOSAL_NAMES,
  LOGIN_REPORT,
  LOGIN_REPORT_TURN,
  assistantMessages,
  closedPort,
  loginBugWithServer,
  test,
} from './pages/agent-script';

test.describe('when the model fails', () => {
  test('says the server cannot be reached, with the CORS hint, and proposes nothing', async ({
    settings,
    agent,
    llm,
  }) => {
    const port = await closedPort();
    const baseURL = `http://127.0.0.1:${port}/v1`;
    await loginBugWithServer(settings, llm, baseURL);

    await agent.wake();
    await expect(agent.failure).toContainText(`Could not reach the server at ${baseURL}.`, {
      timeout: WAKE_TIMEOUT,
    });
    await expect(agent.failure).toContainText('does not allow requests from this app (CORS)');
    await expect(agent.failure).toContainText('The server must allow requests from http://');
    await expect(agent.statusLine).toHaveText('');
    await expect(agent.proposals).toHaveCount(0);
    await expect(agent.wakeButton).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('an answer cut off in turn 1 is said in words and leaves no proposals', async ({
    settings,
    agent,
    llm,
  }) => {
    // Six chunks: the role, the whole set_task_title call (its name, then its arguments in
    // three pieces) and the start of the next call. A complete call in a broken answer
    // must not be acted on either.
    await llm.script([
      { toolCalls: LOGIN_PROPOSALS.toolCalls, cutAfterChunks: 6 },
      LOGIN_REPORT_TURN,
    ]);
    const task = await loginBugWithServer(settings, llm);

    await agent.wake();
    await expect(agent.failureMessage).toHaveText(
      `The connection to the server at ${llm.baseURL} dropped in the middle of an answer. Try again.`,
      { timeout: WAKE_TIMEOUT },
    );
    await expect(agent.statusLine).toHaveText('');
    await expect(agent.proposals).toHaveCount(0);
    await expect(agent.reportHeading).toHaveCount(0);
    await expect(task.titleField).toHaveValue(LOGIN_BUG.title);
    expect(await llm.requests()).toHaveLength(1);
  });

  test('an answer that never says it finished is said so, not called a dropped connection', async ({
    settings,
    agent,
    llm,
  }) => {
    // Every chunk and [DONE] arrive, but no chunk carries a finish_reason: the answer may
    // have been cut short upstream, so none of it is acted on, and the words say why.
    await llm.script([{ ...LOGIN_PROPOSALS, withoutFinishReason: true }, LOGIN_REPORT_TURN]);
    const task = await loginBugWithServer(settings, llm);

    await agent.wake();
    await expect(agent.failureMessage).toHaveText(
      `The server at ${llm.baseURL} ended its answer without saying it was complete (no finish reason), so nothing from that answer was kept. Try again; if it keeps happening, something between here and the model may be cutting answers short, or the server does not follow the OpenAI streaming format.`,
      { timeout: WAKE_TIMEOUT },
    );
    await expect(agent.proposals).toHaveCount(0);
    await expect(task.titleField).toHaveValue(LOGIN_BUG.title);
    expect(await llm.requests()).toHaveLength(1);
  });

  test('an answer cut off in turn 2 keeps what turn 1 proposed', async ({
    settings,
    agent,
    llm,
  }) => {
    // Three chunks: the role, update_report's name and a third of its arguments.
    await llm.script([LOGIN_PROPOSALS, { ...LOGIN_REPORT_TURN, cutAfterChunks: 3 }]);
    await loginBugWithServer(settings, llm);

    await agent.wake();
    await expect(agent.failureMessage).toHaveText(
      `The connection to the server at ${llm.baseURL} dropped in the middle of an answer. Try again. The 4 changes proposed before that are waiting for your review.`,
      { timeout: WAKE_TIMEOUT },
    );
    await expect(agent.proposalItems).toHaveCount(4);
    for (const name of LOGIN_PROPOSAL_NAMES) await expect(agent.proposal(name)).toBeVisible();
    // The report was in the broken answer: none is shown.
    await expect(agent.reportHeading).toHaveCount(0);
  });

  test('waits out a rate limit (429, Retry-After: 1) and then finishes', async ({
    settings,
    agent,
    llm,
  }) => {
    await llm.script([
      {
        status: 429,
        headers: { 'retry-after': '1' },
        times: 1,
        then: { toolCalls: [call('update_task_estimate', { minutes: 120 })] },
      },
      LOGIN_REPORT_TURN,
    ]);
    await loginBugWithServer(settings, llm);
    await agent.recordStatusLines();

    await agent.wake();
    await expect(agent.statusLine).toHaveText('Done: 1 change proposed for your review.', {
      timeout: WAKE_TIMEOUT,
    });
    expect(await agent.statusLines()).toContain(
      'Waiting 1 s: the provider asked to wait before the next request (rate limit).',
    );
    await expect(agent.failure).toHaveCount(0);
    await expect(agent.proposal('Estimate · Set estimate to 120 minutes')).toBeVisible();
    await agent.openReport();
    await expect(agent.region.getByText(LOGIN_REPORT.oneLiner)).toBeVisible();

    // Turn 1 asked twice (refused, then answered), turn 2 once.
    const requests = await llm.requests();
    expect(requests).toHaveLength(3);
    expect(requests.map((request) => assistantMessages(request))).toEqual([0, 0, 1]);
  });
});
