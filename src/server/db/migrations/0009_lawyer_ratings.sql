-- A mediator's review of a lawyer now updates the lawyer's profile (rating and review count), as a lawyer's review
-- always updated the mediator's. Until now the lawyer's figures stayed at 0: set them from the reviews on record.
UPDATE lawyer_profiles lp SET rating = r.rating, review_count = r.count
FROM (
  SELECT reviewee_id, round(avg(rating)::numeric, 2) AS rating, count(*)::int AS count FROM reviews GROUP BY reviewee_id
) r
WHERE r.reviewee_id = lp.user_id;
