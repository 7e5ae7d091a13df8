import { CarWarningsCard, StopsCard, TripsCard } from './ActivityCards';

/** This week's stops, the newest trips and the car's warnings, side by side where there is room. */
export function CarStopsAndTrips({ carId }: { carId: number }) {
  return (
    <div className="portrait-grid portrait-grid-3">
      <StopsCard carId={carId} />
      <TripsCard carId={carId} />
      <CarWarningsCard carId={carId} />
    </div>
  );
}
