-- Accepting a request locks the request's row, then the mediator's profile (the lock order, db/lock-order.ts), and
-- reads whether the mediator already accepted it and whether the case lists parties: facts that only change under the
-- request's lock (docs/decisions/066). The caller's statement locks the request in a CTE and calls this function on the
-- row it returns, so it runs once the request's lock is held. Being VOLATILE and plpgsql, its query takes a snapshot of
-- its own at that moment, under READ COMMITTED: it sees every change committed while the caller waited for the lock,
-- which a read in the caller's own statement (its snapshot taken before the wait) would not. The profile is locked for
-- update and comes back in its newest committed version. NULL when the mediator has no profile.
CREATE FUNCTION accepting_mediator(p_request uuid, p_mediator uuid) RETURNS json LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  facts json;
BEGIN
  SELECT json_build_object(
           'subscriptionTier', p.subscription_tier,
           'jurisdiction', p.jurisdiction,
           'specializations', p.specializations,
           'mine', EXISTS (SELECT 1 FROM mediator_acceptances a WHERE a.request_id = p_request AND a.mediator_id = p_mediator),
           'listsParties', EXISTS (SELECT 1 FROM case_parties cp WHERE cp.request_id = p_request))
    INTO facts
    FROM mediator_profiles p
   WHERE p.user_id = p_mediator
     FOR UPDATE OF p;
  RETURN facts;
END
$fn$;
