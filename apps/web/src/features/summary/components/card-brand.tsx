// Card brand marks drawn inline (no third-party images): a badge with the brand's colours and
// name, announced as the brand's name.

const BRANDS: Record<string, { label: string; className: string }> = {
  visa: { label: 'Visa', className: 'brand-visa' },
  mastercard: { label: 'Mastercard', className: 'brand-mastercard' },
  amex: { label: 'American Express', className: 'brand-amex' },
};

export function brandLabel(brand: string): string {
  return BRANDS[brand.toLowerCase()]?.label ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');
}

export function CardBrand({ brand }: { brand: string }) {
  const key = brand.toLowerCase();
  const label = brandLabel(brand);
  if (key === 'mastercard') {
    return (
      <svg className="card-brand brand-mastercard" role="img" aria-label={label} viewBox="0 0 48 32" width="48" height="32">
        <rect width="48" height="32" rx="4" fill="#1a1f36" />
        <circle cx="19" cy="16" r="9" fill="#eb001b" />
        <circle cx="29" cy="16" r="9" fill="#f79e1b" fillOpacity="0.9" />
      </svg>
    );
  }
  return (
    <span className={`card-brand ${BRANDS[key]?.className ?? 'brand-other'}`} role="img" aria-label={label}>
      <span aria-hidden="true">{key === 'visa' ? 'VISA' : key === 'amex' ? 'AMEX' : label.toUpperCase().slice(0, 6)}</span>
    </span>
  );
}
