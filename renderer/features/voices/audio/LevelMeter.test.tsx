import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LevelMeter } from './LevelMeter.js';

afterEach(() => cleanup());

describe('LevelMeter', () => {
  it('draws the −23…−18 dB target band, the RMS bar and the peak marker on a −60…0 dB scale', () => {
    render(<LevelMeter rmsDb={-20} peakDb={-6} />);
    const band = screen.getByTestId('level-meter-band');
    expect(band.style.left).toBe('61.66666666666667%');
    expect(band.style.width).toBe('calc(70% - 61.66666666666667%)');
    expect(screen.getByTestId('level-meter-peak').style.left).toBe('90%');
    const meter = screen.getByRole('meter');
    expect(meter.getAttribute('aria-valuenow')).toBe('-20');
    expect(meter.getAttribute('aria-valuetext')).toBe('RMS −20.0 dB, peak −6.0 dB. Good level.');
    expect(screen.getByTestId('level-meter').dataset.level).toBe('good');
    expect(screen.queryByTestId('clipping-warning')).toBeNull();
  });

  it('warns of clipping from a peak of −1 dBFS, or when clipping was seen earlier in the take', () => {
    const { rerender } = render(<LevelMeter rmsDb={-20} peakDb={-1.1} />);
    expect(screen.queryByTestId('clipping-warning')).toBeNull();
    rerender(<LevelMeter rmsDb={-20} peakDb={-1} />);
    expect(screen.getByTestId('clipping-warning').getAttribute('role')).toBe('alert');
    rerender(<LevelMeter rmsDb={-30} peakDb={-12} clipping />);
    expect(screen.getByTestId('clipping-warning')).toBeTruthy();
  });

  it('says in words what to change, and keeps silence on the scale', () => {
    const { rerender } = render(<LevelMeter rmsDb={-35} peakDb={-20} />);
    expect(screen.getByTestId('level-meter').textContent).toMatch(/Too quiet: move closer/);
    rerender(<LevelMeter rmsDb={-12} peakDb={-4} />);
    expect(screen.getByTestId('level-meter').textContent).toMatch(/Too loud: move back/);
    rerender(<LevelMeter rmsDb={-100} peakDb={-100} />);
    expect(screen.getByTestId('level-meter').textContent).toMatch(/RMS −∞ dB, peak −∞ dB/);
    expect(screen.getByTestId('level-meter-peak').style.left).toBe('0%');
  });
});
