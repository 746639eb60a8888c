import '../test-setup';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion';

describe('Accordion', () => {
  it('keeps one item open at a time and lets the open one close', () => {
    render(
      <Accordion>
        <AccordionItem value="credits">
          <AccordionTrigger>How do credits work?</AccordionTrigger>
          <AccordionContent>One credit per found e-mail.</AccordionContent>
        </AccordionItem>
        <AccordionItem value="trial">
          <AccordionTrigger>How long is the trial?</AccordionTrigger>
          <AccordionContent>15 days with 25 free credits.</AccordionContent>
        </AccordionItem>
      </Accordion>,
    );
    const credits = screen.getByRole('button', { name: 'How do credits work?' });
    const trial = screen.getByRole('button', { name: 'How long is the trial?' });

    fireEvent.click(credits);
    expect(credits.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('One credit per found e-mail.')).toBeTruthy();

    fireEvent.click(trial);
    expect(trial.getAttribute('aria-expanded')).toBe('true');
    expect(credits.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('One credit per found e-mail.')).toBeNull();

    fireEvent.click(trial);
    expect(trial.getAttribute('aria-expanded')).toBe('false');
  });
});
