-- The back office's figures count money refunded as money the shop no longer has.

-- What a shopper spent, in the customers list: a refund takes its amount off, when the order's
-- refunded total grows (the refund service raises it in the transaction that completes a refund).
CREATE FUNCTION customer_stats_order_refunded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.paid_at IS NOT NULL AND NEW.refunded_halalas <> OLD.refunded_halalas THEN
    UPDATE customer_stats
       SET spent_halalas = spent_halalas - (NEW.refunded_halalas - OLD.refunded_halalas)
     WHERE user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_stats_order_refunded AFTER UPDATE OF refunded_halalas ON orders FOR EACH ROW
  EXECUTE FUNCTION customer_stats_order_refunded();
--> statement-breakpoint
UPDATE customer_stats s
   SET spent_halalas = s.spent_halalas - r.refunded
  FROM (SELECT user_id, sum(refunded_halalas) AS refunded
          FROM orders WHERE paid_at IS NOT NULL AND refunded_halalas > 0 GROUP BY user_id) r
 WHERE s.user_id = r.user_id;
--> statement-breakpoint
-- The overview's sales: refunds completed in a span, by completion time, the amount in the index.
CREATE INDEX "refunds_completed_idx" ON "refunds" USING btree ("completed_at") INCLUDE ("amount_halalas") WHERE "status" = 'succeeded';
