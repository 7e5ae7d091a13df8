import type { ReactNode } from 'react';
import './cardFacts.css';

/** Label and value lines of a phone card (a warning, an install job): labels in one narrow column. */
export function CardFacts({ facts, labelWidth = '4.5em' }: { facts: [string, ReactNode][]; labelWidth?: string }) {
  return (
    <dl className="card-facts" style={{ ['--card-facts-label' as string]: labelWidth }}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
