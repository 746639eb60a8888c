import '../test-setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UI_DEFAULTS } from '../lib/ui-defaults';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function hover(element: HTMLElement) {
  fireEvent.pointerMove(element, { pointerType: 'mouse' });
}

function closeWithEscape() {
  fireEvent.keyDown(document.body, { key: 'Escape' });
}

describe('TooltipProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds the spec delays', () => {
    expect(UI_DEFAULTS.tooltip).toEqual({ delayDuration: 700, skipDelayDuration: 300 });
  });

  it('opens after 700 ms and skips the delay for 300 ms after a tooltip closes', () => {
    render(
      <TooltipProvider>
        <Tooltip>
          <TooltipTrigger>Credits</TooltipTrigger>
          <TooltipContent>One credit per found e-mail</TooltipContent>
        </Tooltip>
        <Tooltip>
          <TooltipTrigger>Plan</TooltipTrigger>
          <TooltipContent>Your current subscription</TooltipContent>
        </Tooltip>
      </TooltipProvider>,
    );
    const credits = screen.getByRole('button', { name: 'Credits' });
    const plan = screen.getByRole('button', { name: 'Plan' });

    hover(credits);
    advance(699);
    expect(screen.queryByRole('tooltip')).toBeNull();
    advance(1);
    expect(screen.getByRole('tooltip').textContent).toContain('One credit per found e-mail');
    expect(credits.getAttribute('data-state')).toBe('delayed-open');

    closeWithEscape();
    fireEvent.pointerLeave(credits);
    expect(credits.getAttribute('data-state')).toBe('closed');

    // Within the skip window the next tooltip opens at once.
    advance(299);
    hover(plan);
    expect(plan.getAttribute('data-state')).toBe('instant-open');
    expect(screen.getByRole('tooltip').textContent).toContain('Your current subscription');

    closeWithEscape();
    fireEvent.pointerLeave(plan);

    // After the skip window the full delay applies again.
    advance(300);
    hover(credits);
    advance(699);
    expect(credits.getAttribute('data-state')).toBe('closed');
    advance(1);
    expect(credits.getAttribute('data-state')).toBe('delayed-open');
  });

  it('lets a screen accept other delays', () => {
    render(
      <TooltipProvider delayDuration={100}>
        <Tooltip>
          <TooltipTrigger>Export</TooltipTrigger>
          <TooltipContent>Download as CSV</TooltipContent>
        </Tooltip>
      </TooltipProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Export' });
    hover(trigger);
    advance(100);
    expect(trigger.getAttribute('data-state')).toBe('delayed-open');
  });

  it('opens a lone tooltip without a provider, after the spec delay', () => {
    render(
      <Tooltip>
        <TooltipTrigger>Usage</TooltipTrigger>
        <TooltipContent>Credits used this month</TooltipContent>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Usage' });
    hover(trigger);
    advance(UI_DEFAULTS.tooltip.delayDuration - 1);
    expect(trigger.getAttribute('data-state')).toBe('closed');
    advance(1);
    expect(trigger.getAttribute('data-state')).toBe('delayed-open');
    expect(screen.getByRole('tooltip').textContent).toContain('Credits used this month');
  });
});
