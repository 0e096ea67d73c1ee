// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { inlineDrawnStyles, withoutStyleAttributes } from '../../../src/ui/drawn-styles';

describe('withoutStyleAttributes and inlineDrawnStyles (issue 16: hydrating a first screen)', () => {
  it("gives each node the style the server drew as a rule back as its own, and drops the rule's mark", () => {
    const drawn = withoutStyleAttributes(
      '<p style="width:40%;--fill:80%">a</p><span style="color:red !important">b</span><i>c</i>',
      ':host ',
    );
    expect(drawn.markup).not.toContain(' style=');
    const root = document.createElement('div');
    root.innerHTML = drawn.markup;
    const style = document.createElement('style');
    style.textContent = drawn.rules;
    document.head.append(style);

    inlineDrawnStyles(root, style.sheet);
    const [p, span, i] = [...root.children] as HTMLElement[];
    expect(root.querySelectorAll('[data-drawn-style]')).toHaveLength(0);
    expect(p!.style.getPropertyValue('width')).toBe('40%');
    expect(p!.style.getPropertyValue('--fill').trim()).toBe('80%');
    expect([span!.style.getPropertyValue('color'), span!.style.getPropertyPriority('color')]).toEqual([
      'red',
      'important',
    ]);
    expect(i!.getAttribute('style')).toBeNull();
    style.remove();
  });
});
