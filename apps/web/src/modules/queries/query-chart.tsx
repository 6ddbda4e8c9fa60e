import type { QueryChart as Chart } from '@licensure/contracts';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJs,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

ChartJs.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
);

const valueLabel = (v: string | null) => v ?? '(none)';

/**
 * Rows per value of one column as a bar or line chart (chart.js on a canvas). The canvas is an image
 * named by its figures; the same figures follow as a table for screen readers and keyboard users.
 */
export function QueryChartView({ chart }: { chart: Chart }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const instance = new ChartJs(canvas.current, {
      type: chart.kind,
      data: {
        labels: chart.points.map((p) => valueLabel(p.value)),
        datasets: [
          {
            label: 'Rows',
            data: chart.points.map((p) => p.count),
            backgroundColor: '#1c7ed6',
            borderColor: '#1864ab',
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    return () => instance.destroy();
  }, [chart]);
  if (chart.points.length === 0)
    return <Text>No record matches this query, so there is nothing to chart.</Text>;
  const summary = chart.points.map((p) => `${valueLabel(p.value)}: ${p.count}`).join(', ');
  return (
    <>
      <div style={{ position: 'relative', height: 320, maxWidth: 900 }}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${chart.kind === 'bar' ? 'Bar' : 'Line'} chart of rows by ${chart.label}: ${summary}`}
        />
      </div>
      <Table withTableBorder captionSide="top" mt="sm" maw={480}>
        <Table.Caption>
          <VisuallyHidden>Rows by {chart.label}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{chart.label}</Table.Th>
            <Table.Th scope="col">Rows</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {chart.points.map((p) => (
            <Table.Tr key={valueLabel(p.value)}>
              <Table.Th scope="row" fw="normal">
                {valueLabel(p.value)}
              </Table.Th>
              <Table.Td>{p.count}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
