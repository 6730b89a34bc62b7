/**
 * Seed 001's refused credit, continued: the model takes up the offer, the run pauses for a
 * finance approver, and a scripted approver decides. Approved, the credit is applied once (a
 * replayed approval is refused); declined, the model reads the reason and tells the user.
 */
import { z } from 'zod';
import { createDispatcher } from '../../boundary/create-dispatcher.js';
import type { Model, ModelRequest } from '../../loop/model.js';
import { ApprovalStateError } from '../../loop/paused-run.js';
import { type ApprovalDecision, resumeAgent } from '../../loop/resume-agent.js';
import { type AgentStep, runAgent } from '../../loop/run-agent.js';
import { scriptedModel } from '../../loop/scripted-model.js';
import { silentLogger } from '../../observe/logger.js';
import { refused } from '../../outcome/constructors.js';
import { createMemoryStore } from '../../state/memory-store.js';
import { approvalRequestTool } from '../../tool/approval-request-tool.js';
import { defineTool } from '../../tool/define-tool.js';
import type { Print } from './transcript.js';

const APPROVAL_LIMIT_DOLLARS = 2_500;
const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;

/** The seed's credit tool, which goes ahead when a person approved the call. */
function creditTools(ledger: Array<{ account_id: string; amount: number }>) {
  const applyCredit = defineTool({
    name: 'apply_credit',
    description: 'Applies a credit to an account, within the caller’s approval limit.',
    input: z.object({ account_id: z.string(), amount: z.number().positive() }),
    run: async ({ account_id, amount }, context) => {
      if (amount > APPROVAL_LIMIT_DOLLARS && context.approval === undefined) {
        return refused({
          error: 'limit_exceeded',
          message: `That credit is ${dollars(amount)}, above your approval limit of ${dollars(APPROVAL_LIMIT_DOLLARS)}. A finance approver must sign off on credits above your limit.`,
          offer: {
            tool: 'request_approval',
            arguments: { capability: 'apply_credit', account_id, amount, approverRole: 'finance' },
          },
        });
      }
      ledger.push({ account_id, amount });
      return { account_id, credited: amount };
    },
  });
  return [applyCredit, approvalRequestTool()];
}

/** The offer in the last tool message, taken up as the model would. */
function takeUpOffer(request: ModelRequest) {
  const last = request.messages.at(-1);
  const offer =
    last?.role === 'tool'
      ? (JSON.parse(last.content) as { offer?: { tool: string; arguments: Record<string, unknown> } }).offer
      : undefined;
  return offer === undefined
    ? { content: 'There was nothing to approve.' }
    : { toolCalls: [{ name: offer.tool, arguments: offer.arguments }] };
}

/** Prints the model's calls and answers, numbering steps across the pause. */
function printing(model: Model, print: Print, firstStep: number): Model {
  let step = firstStep - 1;
  return {
    async generate(request) {
      const response = await model.generate(request);
      step++;
      for (const call of response.toolCalls)
        print(`step ${step}: model asks ${call.name} ${JSON.stringify(call.arguments)}`);
      if (response.toolCalls.length === 0) print(`step ${step}: model answers: ${response.content}`);
      return response;
    },
  };
}

const printMessages = (print: Print) => (step: AgentStep) => {
  for (const message of step.toolMessages)
    print(`step ${step.index}: ${message.toolName} answers ${message.content}`);
};

async function pauseForFinance(print: Print, ledger: Array<{ account_id: string; amount: number }>) {
  const dispatcher = createDispatcher({
    tools: creditTools(ledger),
    logger: silentLogger,
    store: createMemoryStore(),
  });
  const approvals = { secret: 'demo-signing-key-kept-on-the-server' };
  const paused = await runAgent({
    model: printing(
      scriptedModel([
        { toolCalls: [{ name: 'apply_credit', arguments: { account_id: 'ACC-3318', amount: 4200 } }] },
        takeUpOffer,
      ]),
      print,
      1,
    ),
    dispatcher,
    messages: [{ role: 'user', content: 'Give ACC-3318 a $4,200 credit.' }],
    approvals,
    onStep: printMessages(print),
  });
  const pending = paused.pendingApprovals?.[0];
  print(
    `run paused (${paused.endedBy}): ${pending?.toolName} ${JSON.stringify(pending?.arguments)} waits for a finance approver`,
  );
  print(`  the caller keeps only a signed state: ${Object.keys(paused.state ?? {}).join(', ')}`);
  return { dispatcher, approvals, paused, approvalId: pending?.approvalId ?? '' };
}

/** Runs both endings of the approval: approved (applied once) and declined (the user is told why). */
export async function creditApprovalResumed(print: Print): Promise<void> {
  const ledger: Array<{ account_id: string; amount: number }> = [];
  const approved = await pauseForFinance(print, ledger);
  const decisions: ApprovalDecision[] = [{ approvalId: approved.approvalId, approve: true }];
  print('approver (scripted): approves');
  const state = JSON.parse(JSON.stringify(approved.paused.state)); // as if read back from a database
  const result = await resumeAgent({
    model: printing(
      scriptedModel([{ content: 'Finance approved it: the $4,200 credit is now on ACC-3318.' }]),
      print,
      3,
    ),
    dispatcher: approved.dispatcher,
    state,
    decisions,
    approvals: approved.approvals,
    onStep: printMessages(print),
  });
  print(`final (${result.endedBy}): ${result.text}`);
  try {
    await resumeAgent({
      model: scriptedModel([{ content: '' }]),
      dispatcher: approved.dispatcher,
      state,
      decisions,
      approvals: approved.approvals,
    });
  } catch (error) {
    if (ApprovalStateError.isInstance(error))
      print(`the same approval sent again: refused (${error.reason})`);
  }
  print(
    `credits applied: ${ledger.length} (${ledger.map((entry) => `${dollars(entry.amount)} to ${entry.account_id}`).join(', ')})`,
  );

  print('');
  print('== The approver declines with a reason, and the model tells the user ==');
  const declinedLedger: typeof ledger = [];
  const declined = await pauseForFinance(print, declinedLedger);
  print(
    'approver (scripted): declines: "Credits above $4,000 need a signed ticket from the account manager."',
  );
  const answer = await resumeAgent({
    model: printing(
      scriptedModel([
        () => ({
          content:
            'Finance declined the $4,200 credit for ACC-3318: credits above $4,000 need a signed ticket from the account manager. I have not applied it.',
        }),
      ]),
      print,
      3,
    ),
    dispatcher: declined.dispatcher,
    state: declined.paused.state!,
    decisions: [
      {
        approvalId: declined.approvalId,
        approve: false,
        reason: 'Credits above $4,000 need a signed ticket from the account manager.',
      },
    ],
    approvals: declined.approvals,
    onStep: printMessages(print),
  });
  print(`final (${answer.endedBy}): ${answer.text}`);
  print(`credits applied: ${declinedLedger.length}`);
}
