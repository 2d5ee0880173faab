import type { AnswerPart, AskResponse, AssistantLanguage } from '@app/shared';
import { formatsFor, type Formats } from './assistant.texts';

/**
 * The member's money figures of an answer, marked (decision 161): the answer's text split into parts,
 * each figure a part with its amount, so that the chat can hide them under Hide balance. The built-in
 * answers record every figure they format; an external model's answer is searched for figures written
 * as the tools write them ("$1,234.50").
 */

export interface Figure {
  text: string;
  amount: number;
}

/** The language's formats, with every money figure formatted recorded in `figures`. */
export function recordingFormats(language: AssistantLanguage): Formats & { figures: Figure[] } {
  const formats = formatsFor(language);
  const figures: Figure[] = [];
  return {
    ...formats,
    figures,
    money: (major) => {
      const text = formats.money(major);
      figures.push({ text, amount: major });
      return text;
    },
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `answer` with its text split at `figures` (absent when none of them is in it). */
export function withMoneyParts(answer: AskResponse, figures: Figure[]): AskResponse {
  const byText = new Map(figures.map((figure) => [figure.text, figure.amount]));
  if (byText.size === 0) return answer;
  const texts = [...byText.keys()].sort((a, b) => b.length - a.length).map(escape);
  const pattern = new RegExp(`(${texts.join('|')})`, 'u');
  const pieces = answer.answer.split(pattern);
  if (pieces.length === 1) return answer;
  const parts: AnswerPart[] = pieces
    .map((text, index) => (index % 2 === 1 ? { text, amount: byText.get(text)! } : { text }))
    .filter((part) => part.text !== '');
  return { ...answer, parts };
}

/** Money as the tools write it for a model ("$1,234.50", "-$5.00"). */
const TOOL_MONEY = /-?\$\d{1,3}(?:,\d{3})*(?:\.\d{2})?/g;

/** The money figures of a model's answer. */
export function figuresIn(text: string): Figure[] {
  return [...text.matchAll(TOOL_MONEY)].map(([match]) => ({
    text: match,
    amount: Number(match.replace(/[$,]/g, '')),
  }));
}
