import type { PredictIntentResponse } from '@parley/contracts';
import { starterFlow } from '@parley/flow';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeAnswer, fakeApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { createBuilderStore } from '../model/builder-store';
import { IntentTryBox } from './intent-try-box';

const predictions = 'POST /api/bots/b1/nlu/predictions';

/** The server's answers to the predictions asked, in turn (the last one repeats). */
function answering(...answers: (PredictIntentResponse | FakeAnswer)[]) {
  let asked = 0;
  return () => answers[Math.min(asked++, answers.length - 1)] as FakeAnswer;
}

function renderTry(answer: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({ [predictions]: answer });
  const store = createBuilderStore({ botId: 'b1', flow: starterFlow('en'), revision: 3 });
  renderWithApp(<IntentTryBox store={store} />);
  return api;
}

function tryMessage(text: string) {
  const field = screen.getByRole('textbox', { name: 'A message to try' });
  fireEvent.change(field, { target: { value: text } });
  fireEvent.submit(field);
}

describe('trying a message on the intents', () => {
  it('predicts the intent, with how sure it is and the other candidates', async () => {
    const { requests } = renderTry({
      status: 'ready',
      draftRevision: 3,
      predictions: [
        { intent: 'refund', confidence: 0.82 },
        { intent: 'hours', confidence: 0.11 },
      ],
    });
    expect(screen.getByRole('button', { name: 'Try' })).toBeDisabled();
    tryMessage('  I want my money back ');
    const result = await screen.findByRole('status', { name: 'Prediction' });
    expect(result).toHaveTextContent('Predicted intent');
    expect(result).toHaveTextContent('refund82 %');
    expect(within(result).getByRole('progressbar', { name: 'Confidence of refund' })).toHaveAttribute(
      'aria-valuenow',
      '82',
    );
    expect(result).toHaveTextContent('Other intentshours11 %');
    expect(result).not.toHaveTextContent(/Under 50 %/);
    expect(requests.map((request) => request.body)).toEqual([{ text: 'I want my money back' }]);
  });

  it('warns that a router treats a weak prediction as not understood', async () => {
    renderTry({ status: 'ready', draftRevision: 3, predictions: [{ intent: 'refund', confidence: 0.31 }] });
    tryMessage('hmm');
    expect(await screen.findByRole('status', { name: 'Prediction' })).toHaveTextContent(
      'Under 50 %: an intent router with the usual setting treats this as not understood.',
    );
  });

  it('says so while the model trains, and answers once it is ready', async () => {
    const { requests } = renderTry(
      answering(
        { status: 'training', draftRevision: 3 },
        { status: 'ready', draftRevision: 3, predictions: [{ intent: 'hours', confidence: 0.9 }] },
      ),
    );
    tryMessage('when are you open');
    expect(await screen.findByText(/^Training the model of your intents/)).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Prediction' }, { timeout: 4000 })).toHaveTextContent(
      'hours',
    );
    expect(requests).toHaveLength(2);
  });

  it('says when no intent matches, when there is nothing to learn, and why the intents cannot be learned', async () => {
    renderTry(
      answering(
        { status: 'ready', draftRevision: 3, predictions: [] },
        { status: 'no-intents', draftRevision: 3 },
        { status: 'refused', draftRevision: 3, reason: 'an intent needs two phrases' },
      ),
    );
    tryMessage('xyzzy');
    await screen.findByText('No intent matches this message.');
    tryMessage('hello');
    await screen.findByText('Add training phrases to an intent first.');
    tryMessage('hello again');
    await screen.findByText('The intents cannot be learned: an intent needs two phrases');
  });

  it('shows the server’s reason when it refuses to predict', async () => {
    renderTry({
      status: 413,
      body: { error: { name: 'PayloadTooLargeException', message: 'The message is too long' } },
    });
    tryMessage('x');
    await screen.findByText('The message is too long');
    expect(screen.getByRole('button', { name: 'Try' })).toBeEnabled();
  });

  it('keeps a message to 2000 characters', () => {
    renderTry({ status: 'no-intents', draftRevision: 3 });
    const field = screen.getByRole('textbox', { name: 'A message to try' });
    fireEvent.change(field, { target: { value: 'a'.repeat(2500) } });
    expect(field).toHaveValue('a'.repeat(2000));
  });
});
