-- Offers without a location (the home page carousel) are the best rated listings' offers: an
-- index in that order lets the planner stop after the first page instead of sorting them all.
create index merchants_best_rated on merchants (average_score desc, total_reviews desc, id);
