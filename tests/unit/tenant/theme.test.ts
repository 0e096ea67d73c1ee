import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  builtInTenants,
  contrastRatio,
  contrastText,
  cssVarsToDeclarations,
  normalizeHexColor,
  relativeLuminance,
  themeToCssVars,
} from '../../../src/tenant/browser';

const SPEC_COLORS = {
  primary: '#00838f',
  secondary: '#424242',
  accent: '#005059',
  error: '#FF5252',
  info: '#2196F3',
  success: '#4CAF50',
  warning: '#FFC107',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('WCAG contrast', () => {
  it('luminance and ratio', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 6);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 6);
    expect(contrastRatio('#00838f', '#00838F')).toBe(1);
  });

  it('picks black or white text by the higher contrast', () => {
    expect(contrastText('#ffffff')).toBe('#000000');
    expect(contrastText('#000000')).toBe('#ffffff');
    expect(contrastText('#FFC107')).toBe('#000000');
    expect(contrastText('#424242')).toBe('#ffffff');
    expect(contrastText('#005059')).toBe('#ffffff');
    // Mid greys and the spec teal sit close to the middle; WCAG (not a 50% luminance or YIQ
    // cut) gives black: 4.69 vs 4.48 and 4.64 vs 4.52.
    expect(contrastText('#777777')).toBe('#000000');
    expect(contrastText('#00838f')).toBe('#000000');
    expect(contrastText('#717171')).toBe('#ffffff');
  });

  it('normalises hex colours', () => {
    expect(normalizeHexColor('#ABC')).toBe('#aabbcc');
    expect(normalizeHexColor('#2196F3')).toBe('#2196f3');
    expect(normalizeHexColor('blue')).toBeNull();
  });
});

describe('themeToCssVars', () => {
  it('gives every colour, its rgb and its on-colour', () => {
    const vars = themeToCssVars({ colors: SPEC_COLORS });
    expect(vars).toMatchObject({
      '--ws-primary': '#00838f',
      '--ws-secondary': '#424242',
      '--ws-accent': '#005059',
      '--ws-error': '#ff5252',
      '--ws-info': '#2196f3',
      '--ws-success': '#4caf50',
      '--ws-warning': '#ffc107',
      '--ws-primary-rgb': '0, 131, 143',
      '--ws-warning-rgb': '255, 193, 7',
      '--ws-on-primary': '#000000',
      '--ws-on-secondary': '#ffffff',
      '--ws-on-accent': '#ffffff',
      '--ws-on-warning': '#000000',
    });
    for (const name of Object.keys(SPEC_COLORS)) {
      const on = vars[`--ws-on-${name}`] as string;
      expect([name, on]).toEqual([name, contrastText(vars[`--ws-${name}`] as string)]);
    }
  });

  it('light and dark pages', () => {
    const light = themeToCssVars({ colors: SPEC_COLORS, dark: false });
    expect(light['--ws-background']).toBe('#ffffff');
    expect(light['--ws-text']).toBe('#000000');
    const dark = themeToCssVars({ colors: SPEC_COLORS, dark: true });
    expect(dark['--ws-background']).toBe('#121212');
    expect(dark['--ws-surface']).toBe('#1e1e1e');
    expect(dark['--ws-text']).toBe('#ffffff');
    expect(dark['--ws-on-surface']).toBe('#ffffff');
  });

  it('a dark header uses the primary colour', () => {
    const colors = { ...SPEC_COLORS, primary: '#5b3f8c' };
    expect(themeToCssVars({ colors, isHeaderDark: true })).toMatchObject({
      '--ws-header-bg': '#5b3f8c',
      '--ws-on-header': '#ffffff',
    });
    expect(themeToCssVars({ colors, isHeaderDark: false })).toMatchObject({
      '--ws-header-bg': '#ffffff',
      '--ws-on-header': '#000000',
    });
  });

  it('falls back to the spec colour, with a warning, for a colour that is not hex', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const vars = themeToCssVars({ colors: { ...SPEC_COLORS, accent: 'hotpink' } });
    expect(vars['--ws-accent']).toBe('#005059');
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toContain('accent');
  });

  it('built-in themes give readable text on their primary and accent colours', () => {
    for (const config of Object.values(builtInTenants)) {
      const vars = themeToCssVars(config.theme);
      for (const name of ['primary', 'secondary', 'accent']) {
        const ratio = contrastRatio(vars[`--ws-${name}`] as string, vars[`--ws-on-${name}`] as string);
        expect([config.name, name, ratio >= 4.5]).toEqual([config.name, name, true]);
      }
    }
  });

  it('as declarations', () => {
    expect(cssVarsToDeclarations({ '--ws-primary': '#00838f', '--ws-on-primary': '#000000' })).toBe(
      '--ws-primary: #00838f; --ws-on-primary: #000000;',
    );
  });
});
