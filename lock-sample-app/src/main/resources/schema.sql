-- Idempotent: several instances run it against the same database at start-up.
-- Portable across H2 2.x, MariaDB 10.5+ and MySQL 8.
CREATE TABLE IF NOT EXISTS goods_stock (
    id        BIGINT AUTO_INCREMENT PRIMARY KEY,
    goods_no  BIGINT  NOT NULL,
    stock     INT     NOT NULL,
    is_active BOOLEAN NOT NULL DEFAULT TRUE,
    -- the fencing token of the last lock holder that wrote this row (FencedJdbc); a write with a lower one is refused
    fence     BIGINT  NOT NULL DEFAULT 0,
    CONSTRAINT uk_goods_stock_goods_no UNIQUE (goods_no)
);

CREATE TABLE IF NOT EXISTS goods_order (
    id            BIGINT AUTO_INCREMENT PRIMARY KEY,
    goods_no      BIGINT       NOT NULL,
    -- NULL for an unlocked purchase; unique otherwise (tokens are ZooKeeper zxids)
    fencing_token BIGINT       NULL,
    created_at    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    CONSTRAINT uk_goods_order_token UNIQUE (goods_no, fencing_token)
);

-- The shipping service's shipments, one per shipped order, with the Lock-Fencing-Token it came with.
CREATE TABLE IF NOT EXISTS shipment (
    id            BIGINT AUTO_INCREMENT PRIMARY KEY,
    goods_no      BIGINT       NOT NULL,
    order_id      BIGINT       NOT NULL,
    fencing_token VARCHAR(600) NULL
);

-- The highest fencing token the shipping service accepted per lock key (the starter's HTTP
-- fencing filter, JDBC store): a call with a lower one is answered 409.
CREATE TABLE IF NOT EXISTS distributed_lock_http_fence (
    lock_key VARCHAR(512) NOT NULL PRIMARY KEY,
    token    BIGINT       NOT NULL
);

-- The fences of lock keys (JdbcFences): a @DistributedLock(fenced = true) method's transaction
-- claims its key's row with the lock's fencing token before the method runs.
CREATE TABLE IF NOT EXISTS distributed_lock_fence (
    lock_key VARCHAR(512) NOT NULL PRIMARY KEY,
    token    BIGINT       NOT NULL
);
