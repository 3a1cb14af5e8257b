import type { CountryCode } from '@uplift/core/countries';
import { formatMoney, toMinor, toNearestMinor } from '@uplift/core/money';
import type { ReportDay } from '@uplift/core/schemas/campaign-report';
import { useEffect, useRef, useState } from 'react';

/**
 * Pledges made and money collected per day (Chart.js, loaded only when this chart is shown, so
 * no other page carries it). The same figures are in the tables beside it for screen readers.
 */
export function ReportChart({ days, country }: { days: ReportDay[]; country: CountryCode }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    import('chart.js')
      .then(({ Chart, BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend }) => {
        if (cancelled || !canvas.current) return;
        Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);
        chart = new Chart(canvas.current, {
          data: {
            labels: days.map((d) => d.date),
            datasets: [
              { type: 'bar', label: 'Pledges made', data: days.map((d) => d.pledges), yAxisID: 'pledges', backgroundColor: '#1a7f5a' },
              {
                type: 'line',
                label: 'Collected',
                data: days.map((d) => d.collected),
                yAxisID: 'money',
                borderColor: '#c2410c',
                backgroundColor: '#c2410c',
              },
            ],
          },
          options: {
            maintainAspectRatio: false,
            animation: false,
            scales: {
              pledges: { type: 'linear', position: 'left', beginAtZero: true, ticks: { precision: 0 } },
              money: {
                type: 'linear',
                position: 'right',
                beginAtZero: true,
                grid: { drawOnChartArea: false },
                ticks: { callback: (value) => formatMoney(toNearestMinor(Number(value)), country) },
              },
            },
            plugins: {
              tooltip: {
                callbacks: {
                  label: (item) =>
                    item.dataset.yAxisID === 'money'
                      ? `Collected: ${formatMoney(toMinor(Number(item.raw)), country)}`
                      : `Pledges made: ${String(item.raw)}`,
                },
              },
            },
          },
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [days, country]);

  if (failed) return <p className="admin-muted">The chart could not be loaded; the figures are in the tables below.</p>;
  if (days.length === 0) return <p className="admin-muted">No pledges or payments yet.</p>;
  return (
    <div className="admin-report-chart">
      <canvas ref={canvas} role="img" aria-label="Pledges made and money collected per day of the campaign" />
    </div>
  );
}
