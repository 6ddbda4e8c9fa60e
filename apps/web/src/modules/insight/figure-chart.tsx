import type { InsightFigure } from '@licensure/contracts';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJs,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { chartedColumns, chartValue } from './insight-format';

ChartJs.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Colours of the series, dark enough against white, each with its own pattern: colour is never the only cue. */
const SERIES = [
  { color: '#1864ab', pattern: 'solid' },
  { color: '#5f3dc4', pattern: 'stripes' },
  { color: '#087f5b', pattern: 'dots' },
  { color: '#c92a2a', pattern: 'cross' },
  { color: '#e67700', pattern: 'grid' },
] as const;

/** A small repeating tile of the series' pattern, drawn on a canvas (solid: the colour itself). */
function fillOf(series: (typeof SERIES)[number]): string | CanvasPattern {
  if (series.pattern === 'solid' || typeof document === 'undefined') return series.color;
  const tile = document.createElement('canvas');
  tile.width = 10;
  tile.height = 10;
  const g = tile.getContext('2d');
  if (!g) return series.color;
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, 10, 10);
  g.strokeStyle = series.color;
  g.fillStyle = series.color;
  g.lineWidth = 2;
  if (series.pattern === 'stripes') {
    g.beginPath();
    g.moveTo(0, 10);
    g.lineTo(10, 0);
    g.stroke();
  } else if (series.pattern === 'dots') {
    g.beginPath();
    g.arc(5, 5, 2.5, 0, Math.PI * 2);
    g.fill();
  } else if (series.pattern === 'cross') {
    g.beginPath();
    g.moveTo(0, 0);
    g.lineTo(10, 10);
    g.moveTo(10, 0);
    g.lineTo(0, 10);
    g.stroke();
  } else {
    g.strokeRect(1, 1, 8, 8);
  }
  return g.createPattern(tile, 'repeat') ?? series.color;
}

/**
 * A figure as a bar chart of its charted columns (one series each, with a legend naming them and a
 * pattern telling them apart). The canvas is an image named by the figure; its data is the table
 * that follows it, which screen readers and the keyboard reach.
 */
export function FigureChart({ figure }: { figure: InsightFigure }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const columns = chartedColumns(figure);
  useEffect(() => {
    if (!canvas.current || columns.length === 0) return;
    const instance = new ChartJs(canvas.current, {
      type: 'bar',
      data: {
        labels: figure.rows.map((r) => r.label),
        datasets: columns.map((c, i) => {
          const series = SERIES[i % SERIES.length]!;
          return {
            label: c.label,
            data: figure.rows.map((r) => chartValue(c, r.cells[c.key])),
            backgroundColor: fillOf(series),
            borderColor: series.color,
            borderWidth: 1.5,
          };
        }),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: true, position: 'bottom' } },
        scales: { y: { beginAtZero: true } },
      },
    });
    return () => instance.destroy();
  }, [figure, columns]);
  if (columns.length === 0 || figure.rows.length === 0) return null;
  return (
    <div style={{ position: 'relative', height: 260, maxWidth: 900 }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`Bar chart of ${figure.title.toLowerCase()}: ${columns.map((c) => c.label).join(', ')} by ${figure.columns[0]?.label.toLowerCase()}. The same figures are in the table that follows.`}
      />
    </div>
  );
}
