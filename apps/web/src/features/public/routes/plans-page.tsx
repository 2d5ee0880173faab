import { PublicPlansView } from '../components/public-plans-view';

/**
 * /plans. For now every visitor sees the public tiers; when the member plans screen exists this route
 * renders it for a signed-in member instead (docs/decisions/052-plans-route.md).
 */
export function PlansPage() {
  return <PublicPlansView />;
}
