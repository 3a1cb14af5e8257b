import { eachDay, formatDayShortMonth, type IsoDate } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { formatMoney, toMinor, toNearestMinor } from '@uplift/core/money';
import type { ReportDay } from '@uplift/core/schemas/campaign-report';
import { useEffect, useMemo, useRef, useState } from 'react';

/**
 * One entry per day of the campaign's calendar, from its first day (or the first day with
 * something in it, if earlier) to its last (or the last day with something in it): a day without
 * pledges or payments is there with zeros, so every bar stands on its own date.
 */
export function campaignDays(days: ReportDay[], campaign: { start_date: IsoDate; end_date: IsoDate }): ReportDay[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const dates = days.map((d) => d.date).sort();
  const from = dates[0] && dates[0] < campaign.start_date ? dates[0] : campaign.start_date;
  const last = dates.at(-1);
  const to = last && last > campaign.end_date ? last : campaign.end_date;
  return eachDay(from, to).map((date) => byDate.get(date) ?? { date, pledges: 0, collected: 0 });
}

/**
 * Pledges made and money collected per day (Chart.js, loaded only when this chart is shown, so
 * no other page carries it). The same figures are in the tables beside it for screen readers.
 */
export function ReportChart({ days: active, country, campaign }: { days: ReportDay[]; country: CountryCode; campaign: { start_date: IsoDate; end_date: IsoDate } }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  const days = useMemo(() => campaignDays(active, campaign), [active, campaign]);

  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    import('chart.js')
      .then(({ Chart, BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend }) => {
        if (cancelled || !canvas.current) return;
        Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);
        chart = new Chart(canvas.current, {
          data: {
            labels: days.map((d) => formatDayShortMonth(d.date)),
            datasets: [
              { type: 'bar', label: 'Pledges made', data: days.map((d) => d.pledges), yAxisID: 'pledges', backgroundColor: '#1a7f5a', maxBarThickness: 28 },
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
              // The campaign's own dates ('24 Nov'), as many as fit without overlapping.
              x: { ticks: { autoSkip: true, maxRotation: 0, autoSkipPadding: 8 } },
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
  if (active.length === 0) return <p className="admin-muted">No pledges or payments yet.</p>;
  return (
    <div className="admin-report-chart">
      <canvas ref={canvas} role="img" aria-label="Pledges made and money collected per day of the campaign" />
    </div>
  );
}
