import type { CountryCode } from '@uplift/core/countries';

// Small drawn flags (emoji flags do not render everywhere). Decorative: the country name is
// always written beside them.

function UnionJack({ width, height }: { width: number; height: number }) {
  return (
    <g>
      <rect width={width} height={height} fill="#012169" />
      <path d={`M0,0 L${width},${height} M${width},0 L0,${height}`} stroke="#fff" strokeWidth={height / 5} />
      <path d={`M0,0 L${width},${height} M${width},0 L0,${height}`} stroke="#C8102E" strokeWidth={height / 15} />
      <path d={`M${width / 2},0 V${height} M0,${height / 2} H${width}`} stroke="#fff" strokeWidth={height / 3} />
      <path d={`M${width / 2},0 V${height} M0,${height / 2} H${width}`} stroke="#C8102E" strokeWidth={height / 5} />
    </g>
  );
}

function Star({ x, y, r }: { x: number; y: number; r: number }) {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${x + radius * Math.cos(angle)},${y + radius * Math.sin(angle)}`;
  }).join(' ');
  return <polygon points={points} fill="#C8102E" stroke="#fff" strokeWidth={0.6} />;
}

export function CountryFlag({ country, size = 40 }: { country: CountryCode; size?: number }) {
  const height = (size * 2) / 3;
  return (
    <svg className="country-flag" width={size} height={height} viewBox="0 0 60 40" aria-hidden="true" focusable="false">
      {country === 'UK' ? (
        <UnionJack width={60} height={40} />
      ) : (
        <>
          <rect width="60" height="40" fill="#012169" />
          <svg width="30" height="20" viewBox="0 0 60 40">
            <UnionJack width={60} height={40} />
          </svg>
          <Star x={45} y={31} r={3.6} />
          <Star x={39} y={17} r={3.2} />
          <Star x={51} y={15} r={3.2} />
          <Star x={45} y={8} r={3.4} />
        </>
      )}
    </svg>
  );
}
